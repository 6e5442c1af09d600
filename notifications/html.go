package notifications

import (
	"html"
	"strings"
)

// HTMLOf returns text as a small HTML document: its paragraphs (separated by blank lines) as <p>, its
// lines as <br>, and every http(s) address a link. The text is escaped: names in it cannot inject markup.
func HTMLOf(text string) string {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html><body style=\"font-family: sans-serif; line-height: 1.4\">\n")
	for para := range strings.SplitSeq(strings.TrimRight(text, "\n"), "\n\n") {
		b.WriteString("<p>")
		for i, line := range strings.Split(para, "\n") {
			if i > 0 {
				b.WriteString("<br>\n")
			}
			b.WriteString(linkify(line))
		}
		b.WriteString("</p>\n")
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

// linkify escapes line and makes its http(s) words links.
func linkify(line string) string {
	words := strings.Split(line, " ")
	for i, w := range words {
		if strings.HasPrefix(w, "https://") || strings.HasPrefix(w, "http://") {
			u := html.EscapeString(w)
			words[i] = `<a href="` + u + `">` + u + `</a>`
		} else {
			words[i] = html.EscapeString(w)
		}
	}
	return strings.Join(words, " ")
}
