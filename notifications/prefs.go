package notifications

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// MaxDigestHours is the longest digest window a user may choose: one day.
const MaxDigestHours = 24

// DefaultDigestHours is the digest window of a new account: your_turn notices are merged into one
// message at most every hour.
const DefaultDigestHours = 1

// Preferences are how one user wants to be told about their games: a channel per kind, how your_turn
// notices are batched, quiet hours in their time zone, and whether a notice they saw live still goes out.
// The zero Preferences send nothing.
type Preferences struct {
	// Default is the channel of every kind not in Kinds (the account's main channel).
	Default Channel
	// Kinds overrides Default for some kinds.
	Kinds map[Kind]Channel
	// DigestHours is the digest window of your_turn notices: 0 sends each at once; N merges those of
	// every N hours into one message.
	DigestHours int
	// Location is the user's time zone (nil: UTC), for quiet hours and the deadlines messages show.
	Location *time.Location
	// Quiet are the quiet hours; nil for none.
	Quiet *QuietHours
	// Always sends email and SMS even for a notice the user already saw live.
	Always bool
}

// QuietHours is a daily span, in minutes after midnight in the user's time zone, during which only
// urgent messages (Urgent) go out. End before Start spans midnight (22:00 to 07:00); End equal to Start
// is not a span.
type QuietHours struct {
	Start, End int
}

// Validate reports whether q is a span of a day.
func (q QuietHours) Validate() error {
	if q.Start < 0 || q.Start >= 24*60 || q.End < 0 || q.End >= 24*60 {
		return errors.New("quiet hours must start and end between 00:00 and 23:59")
	}
	if q.Start == q.End {
		return errors.New("quiet hours must not start and end at the same time")
	}
	return nil
}

// ChannelFor returns the channel of kind k: its own when the user chose one, else DefaultChannel.
func (p Preferences) ChannelFor(k Kind) Channel {
	if c, ok := p.Kinds[k]; ok {
		return c
	}
	return DefaultChannel(k, p.Default)
}

// DefaultChannel returns the channel of kind k for a user who chose none for it and whose account's
// channel is account: the account's, except that chat goes by SMS only when chosen for it (none
// otherwise), a text message being too dear for chatter.
func DefaultChannel(k Kind, account Channel) Channel {
	if k == KindChat && account == ChannelSMS {
		return ChannelNone
	}
	return account
}

// ChatDigestHours is the window, in hours, of the user's chat digests: their digest window, but at least
// an hour, since chat is never told line by line.
func (p Preferences) ChatDigestHours() int { return max(p.DigestHours, 1) }

// Urgent reports whether a message of kind k goes out during quiet hours: only the warning that a turn
// is running out, which cannot wait until morning.
func Urgent(k Kind) bool { return k == KindTurnWarning }

// QuietUntil returns, when now is within p's quiet hours, the time they end (in p.Location); otherwise
// now and false.
func (p Preferences) QuietUntil(now time.Time) (time.Time, bool) {
	if p.Quiet == nil {
		return now, false
	}
	loc := p.Location
	if loc == nil {
		loc = time.UTC
	}
	local := now.In(loc)
	midnight := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	minute := local.Hour()*60 + local.Minute()
	q := *p.Quiet
	at := func(day, minutes int) time.Time {
		d := midnight.AddDate(0, 0, day)
		return time.Date(d.Year(), d.Month(), d.Day(), minutes/60, minutes%60, 0, 0, loc)
	}
	switch {
	case q.Start < q.End && minute >= q.Start && minute < q.End:
		return at(0, q.End), true
	case q.Start > q.End && minute >= q.Start:
		return at(1, q.End), true
	case q.Start > q.End && minute < q.End:
		return at(0, q.End), true
	}
	return now, false
}

// LoadTimeZone returns the location of an IANA time zone name such as "Europe/Paris" or "UTC". It
// refuses the empty name and "Local" (the server's zone, not the user's).
func LoadTimeZone(name string) (*time.Location, error) {
	if name == "" || name == "Local" || len(name) > 64 {
		return nil, fmt.Errorf("%q is not an IANA time zone name", name)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("%q is not an IANA time zone name", name)
	}
	return loc, nil
}

// FormatClock formats minutes after midnight as "07:30".
func FormatClock(minutes int) string {
	return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60)
}

// ParseClock reads "HH:MM" (24-hour) as minutes after midnight.
func ParseClock(s string) (int, error) {
	var h, m int
	if len(s) != 5 || s[2] != ':' {
		return 0, fmt.Errorf("%q is not a time of day: want HH:MM", s)
	}
	if _, err := fmt.Sscanf(s, "%02d:%02d", &h, &m); err != nil || h > 23 || m > 59 || h < 0 || m < 0 {
		return 0, fmt.Errorf("%q is not a time of day: want HH:MM", s)
	}
	return h*60 + m, nil
}

// DigestGame is one game a digest lists: a game waiting on the recipient.
type DigestGame struct {
	GameID   int
	GameName string
	Turn     int
	Link     string
	Deadline time.Time // zero: no deadline
	Since    Since     // what happened since the recipient's last turn in the game
}

// formatDeadline says a deadline in the recipient's zone: "Tue 2 Dec 18:00 CET".
func formatDeadline(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon 2 Jan 15:04 MST")
}

// ComposeDigest returns the subject and text of an email that lists every game waiting on the
// recipient, with its deadline in loc and its link.
func ComposeDigest(games []DigestGame, loc *time.Location) (subject, text string) {
	if len(games) == 1 {
		subject = "Your turn in " + Data{GameID: games[0].GameID, GameName: games[0].GameName}.gameName()
	} else {
		subject = fmt.Sprintf("Your turn in %d games", len(games))
	}
	var b strings.Builder
	if len(games) == 1 {
		b.WriteString("A game is waiting for you:\n\n")
	} else {
		fmt.Fprintf(&b, "%d games are waiting for you:\n\n", len(games))
	}
	for _, g := range games {
		b.WriteString("- " + Data{GameID: g.GameID, GameName: g.GameName}.gameName())
		if g.Turn > 0 {
			fmt.Fprintf(&b, ", turn %d", g.Turn)
		}
		if !g.Deadline.IsZero() {
			b.WriteString(", play by " + formatDeadline(g.Deadline, loc))
		}
		if line := g.Since.Line(SinceFull); line != "" {
			b.WriteString("\n  " + line)
		}
		b.WriteString("\n  " + g.Link + "\n")
	}
	b.WriteString("\nIf you don't play a turn by its time, a CPU will play it for you.\n")
	return subject, b.String() + emailFooter
}

// ComposeDigestSMS returns the text of an SMS digest: the number of games and the first one's link,
// within one segment.
func ComposeDigestSMS(games []DigestGame) string {
	if len(games) == 1 {
		g := games[0]
		return ComposeSMS(KindYourTurn, Data{GameID: g.GameID, GameName: g.GameName, Turn: g.Turn, Link: g.Link, Since: g.Since})
	}
	return fmt.Sprintf("Rout: your turn in %d games. First: %s", len(games), games[0].Link)
}
