package notifications

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Links makes the addresses of Rout's web pages that messages link to.
type Links struct {
	// BaseURL is the public address of the Rout web client (ROUT_PUBLIC_URL), such as
	// "https://rout.example.com"; a trailing slash is ignored.
	BaseURL string
}

// Game returns the address of the page of game id: {BaseURL}/games/{id}.
func (l Links) Game(id int) string {
	return strings.TrimRight(l.BaseURL, "/") + "/games/" + strconv.Itoa(id)
}

// Tournament returns the address of the page of tournament id: {BaseURL}/tournaments/{id}.
func (l Links) Tournament(id int) string {
	return strings.TrimRight(l.BaseURL, "/") + "/tournaments/" + strconv.Itoa(id)
}

// For returns the address a message of kind about data links to: the tournament's page for a
// tournament_standing and a bye's tournament_round, the game's otherwise.
func (l Links) For(kind Kind, data Data) string {
	if (kind == KindTournamentStanding || kind == KindTournamentRound && data.Bye) && data.TournamentID != 0 {
		return l.Tournament(data.TournamentID)
	}
	return l.Game(data.GameID)
}

// Data is what Compose and ComposeSMS put into a message's texts. Only GameID and Link are needed by
// every kind; a field a kind does not use is ignored, and an empty one is left out of the text.
type Data struct {
	// GameID is the game the message is about.
	GameID int
	// GameName is the game's name, such as "Friday night"; when empty, the texts say "game #42".
	GameName string
	// Turn is the turn number: the one that has begun (your_turn) or that a CPU played (cpu_played).
	Turn int
	// Link is the address of the game's page (Links.Game), which every text ends with.
	Link string
	// TimeLeft is how long the recipient has to play the turn (your_turn, turn_warning).
	TimeLeft time.Duration
	// By is the name of the player who invited the recipient (invited), took their last territory
	// (eliminated) or declined the recipient's invitation (declined).
	By string
	// Seat is the colour of the seat an invitation kept (declined), such as "blue".
	Seat string
	// Winner is the name of the player who won (game_over).
	Winner string
	// Won is true when the recipient won the game (game_over).
	Won bool
	// Deadline is when the turn ends (your_turn, turn_warning); zero leaves it out. Email says it in
	// Location (nil: UTC), the recipient's time zone.
	Deadline time.Time
	Location *time.Location
	// Since is what happened in the game since the recipient's last turn (your_turn, cpu_played), said in
	// one line; the zero Since says nothing.
	Since Since
	// Team is the name of the recipient's team in a team game (your_turn); "" in a free-for-all.
	Team string
	// Teammate is the name of the recipient's teammate who played the turn before theirs (your_turn); ""
	// when another team played it, or in a free-for-all.
	Teammate string
	// Messages is how many messages of the game's chat the recipient has not read (chat).
	Messages int
	// Until is when the recipient's chat timeout ends (chat_timeout), said in Location.
	Until time.Time
	// Reason is the moderator's reason for a chat timeout (chat_timeout); empty for none.
	Reason string
	// TournamentID and Tournament are the tournament and its name (tournament_round, tournament_standing);
	// Round the round that started or ended.
	TournamentID int
	Tournament   string
	Round        int
	// Rank is the recipient's rank in the standings after the round, of Entrants, with Points
	// (tournament_standing); Final tells the round was the last.
	Rank, Entrants int
	Points         float64
	Final          bool
	// Bye is true when the recipient has a bye in the round that started (tournament_round): no game, a
	// win.
	Bye bool
}

// tournamentName returns how texts call the tournament.
func (d Data) tournamentName() string {
	if name := oneLine(d.Tournament); name != "" {
		return name
	}
	return "tournament #" + strconv.Itoa(d.TournamentID)
}

// standingSentence says where the recipient stands after a round of a tournament: "3rd of 6 with 2.5
// points".
func (d Data) standingSentence() string {
	points := " points"
	if d.Points == 1 {
		points = " point"
	}
	return ordinal(d.Rank) + " of " + strconv.Itoa(d.Entrants) + " with " + strconv.FormatFloat(d.Points, 'f', -1, 64) + points
}

// ordinal writes n as 1st, 2nd, 3rd, 4th, 11th, 21st...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// yourTurnSentence opens a your_turn email: the turn that has begun in game g and, in a team game, the
// recipient's team and the teammate who played before them.
func (d Data) yourTurnSentence(g string) string {
	s := "it's your turn in " + g + turnSuffix(" (turn %d)", d.Turn)
	if d.Team != "" {
		s += ", for team " + oneLine(d.Team)
	}
	if d.Teammate != "" {
		return "Your teammate " + oneLine(d.Teammate) + " played; " + s + "."
	}
	return "I" + s[1:] + "."
}

// hasSince reports whether messages of kind say what happened since the recipient's last turn.
func hasSince(kind Kind) bool { return kind == KindYourTurn || kind == KindCPUPlayed }

// deadlineSentence says when the turn ends, in the recipient's zone, or "" when unknown.
func (d Data) deadlineSentence() string {
	if d.Deadline.IsZero() {
		return ""
	}
	return " Play by " + formatDeadline(d.Deadline, d.Location) + "."
}

// gameName returns how texts call the game.
func (d Data) gameName() string {
	if name := strings.Join(strings.Fields(d.GameName), " "); name != "" {
		return name
	}
	return "game #" + strconv.Itoa(d.GameID)
}

// emailFooter ends every email text.
const emailFooter = "\n-- \nRout. You get this email because email notifications are on in your settings.\n"

// Compose returns the subject and text of an email of kind about data: a few plain lines that say what
// happened and what to do, then the game's link. A Kind that is not valid gets a generic text.
func Compose(kind Kind, data Data) (subject, text string) {
	g := data.gameName()
	var body, action string
	switch kind {
	case KindYourTurn:
		subject = "Your turn in " + g
		body = data.yourTurnSentence(g)
		if data.TimeLeft > 0 {
			body += " You have " + formatDuration(data.TimeLeft) + " to play it."
		}
		body += data.deadlineSentence()
		action = "Play now: "
	case KindTurnWarning:
		subject = "Time is running out in " + g
		if data.TimeLeft > 0 {
			body = "Your turn in " + g + " ends in " + formatDuration(data.TimeLeft) + "."
		} else {
			body = "Your turn in " + g + " ends soon."
		}
		body += data.deadlineSentence() + " If you don't play by then, a CPU will play it for you."
		action = "Play now: "
	case KindCPUPlayed:
		subject = "A CPU played your turn in " + g
		body = "Your time ran out in " + g + ", so a CPU played " + turnSuffix("turn %d", data.Turn)
		if data.Turn <= 0 {
			body += "your turn"
		}
		body += " for you."
		action = "See what it did: "
	case KindEliminated:
		subject = "You were eliminated from " + g
		if by := oneLine(data.By); by != "" {
			body = by + " took your last territory in " + g + ": you are out of the game."
		} else {
			body = "You lost your last territory in " + g + ": you are out of the game."
		}
		action = "Watch the rest of the game: "
	case KindGameOver:
		winner := oneLine(data.Winner)
		switch {
		case data.Won:
			subject = "You won " + g + "!"
			body = "You won " + g + ". Congratulations!"
		case winner != "":
			subject = g + " is over: " + winner + " won"
			body = winner + " won " + g + "."
		default:
			subject = g + " is over"
			body = g + " is over."
		}
		action = "See the final board: "
	case KindInvited:
		if by := oneLine(data.By); by != "" {
			subject = by + " invited you to " + g
			body = by + " invited you to play " + g + " on Rout."
		} else {
			subject = "You're invited to " + g
			body = "You're invited to play " + g + " on Rout."
		}
		action = "Join the game: "
	case KindDeclined:
		by := cmpName(oneLine(data.By), "Your invitee")
		subject = by + " declined your invitation to " + g
		body = by + " declined the invitation to play " + seatWords(data.Seat) + " in " + g +
			". The seat is open again, for anyone the game lets in."
		action = "See the game: "
	case KindSeatDelegated:
		subject = "A CPU plays your seat in " + g
		body = "Three of your turns in a row in " + g + " ran out of time, so a CPU now plays every turn of yours " +
			"at once. Play a move, or take your seat back, and it is yours again."
		action = "Take your seat back: "
	case KindChat:
		subject = newMessages(data.Messages) + " in " + g
		body = "You have " + newMessages(data.Messages) + " in the chat of " + g + "."
		action = "Read them: "
	case KindChatTimeout:
		until := formatDeadline(data.Until, data.Location)
		subject = "You cannot chat until " + until
		body = "A moderator removed your message in " + g + " and timed you out of chat until " + until + reasonSuffix(data.Reason) +
			". You can read every chat, but not write, until then."
		action = "See the game: "
	case KindTournamentRound:
		tn := data.tournamentName()
		subject = "Round " + strconv.Itoa(data.Round) + " of " + tn + " has started"
		body = "Round " + strconv.Itoa(data.Round) + " of " + tn + " has started: your table plays " + g + ". Good luck!"
		action = "Play: "
		if data.Bye {
			subject = "Round " + strconv.Itoa(data.Round) + " of " + tn + ": you have a bye"
			body = "Round " + strconv.Itoa(data.Round) + " of " + tn + " has started: you have a bye this round, which scores as a win. " +
				"Nothing to play until the next round."
			action = "See the tournament: "
		}
	case KindTournamentStanding:
		tn := data.tournamentName()
		if data.Final {
			subject = tn + " is over: you finished " + ordinal(data.Rank)
			body = tn + " is over: you finished " + data.standingSentence() + "."
		} else {
			subject = "Round " + strconv.Itoa(data.Round) + " of " + tn + " is over: you are " + ordinal(data.Rank)
			body = "Round " + strconv.Itoa(data.Round) + " of " + tn + " is over: you are " + data.standingSentence() +
				". The next round starts now."
		}
		action = "See the standings: "
	default:
		subject = "News from " + g
		body = "There is news in " + g + "."
		action = "See the game: "
	}
	if line := data.Since.Line(SinceFull); hasSince(kind) && line != "" {
		body += "\n\n" + line
	}
	return subject, body + "\n\n" + action + data.Link + "\n" + emailFooter
}

// SMSLimit is the length ComposeSMS keeps a text to when it can: one SMS segment of the GSM 7-bit
// alphabet. (A text with a character outside that alphabet, such as an emoji in a game's name, fits 70
// characters per segment; the provider splits and joins it.)
const SMSLimit = 160

// minSMSName is the shortest ComposeSMS cuts a name to, "..." included, and maxSMSName the longest name
// it keeps whole.
const (
	minSMSName = 12
	maxSMSName = 100
)

// ComposeSMS returns the text of an SMS of kind about data: one line that starts with "Rout:" and ends
// with the game's link; your_turn and cpu_played say what happened since the recipient's last turn
// (data.Since) before the link, in the fullest style that keeps the text within SMSLimit characters, or
// not at all. When the text would still be longer than SMSLimit characters, it shortens the names in it
// (the game's, the other player's) with "..."; it never cuts the link. A Kind that is not valid gets a
// generic text.
func ComposeSMS(kind Kind, data Data) string {
	// The other player's name, in the kinds that have one.
	var other string
	switch kind {
	case KindEliminated, KindInvited, KindDeclined:
		other = oneLine(data.By)
	case KindChatTimeout:
		other = oneLine(data.Reason)
	case KindTournamentRound, KindTournamentStanding:
		other = data.tournamentName()
	case KindYourTurn:
		other = oneLine(data.Teammate)
	case KindGameOver:
		if !data.Won {
			other = oneLine(data.Winner)
		}
	}
	names := [2]string{data.gameName(), other}
	full := names
	limits := [2]int{}
	for i, name := range names {
		limits[i] = utf8.RuneCountInString(name)
		if limits[i] > maxSMSName {
			limits[i] = maxSMSName
			names[i] = shorten(full[i], maxSMSName)
		}
	}
	var since string
	if hasSince(kind) {
		for style := SinceOne; style <= SinceLosses; style++ {
			line := data.Since.Line(style)
			if line != "" && utf8.RuneCountInString(composeSMS(kind, data, names, line)) <= SMSLimit {
				since = line
				break
			}
		}
	}
	text := composeSMS(kind, data, names, since)
	for excess := utf8.RuneCountInString(text) - SMSLimit; excess > 0; excess = utf8.RuneCountInString(text) - SMSLimit {
		// Cut the longer name (the other player's on a tie) down to the length of the shorter, then both
		// in turn, never below minSMSName.
		i, j := 1, 0
		if limits[0] > limits[1] {
			i, j = 0, 1
		}
		if limits[i] <= minSMSName {
			break // both names are as short as they go
		}
		cut := 1
		if limits[i] > limits[j] {
			cut = min(excess, limits[i]-limits[j])
		}
		limits[i] = max(limits[i]-cut, minSMSName)
		names[i] = shorten(full[i], limits[i])
		text = composeSMS(kind, data, names, since)
	}
	return text
}

// composeSMS writes the SMS text of kind with the game's name and the other player's name given, and the
// since line (none when "").
func composeSMS(kind Kind, data Data, names [2]string, since string) string {
	g, other := names[0], names[1]
	var s string
	switch kind {
	case KindYourTurn:
		s = "your turn in " + g + turnSuffix(" (turn %d)", data.Turn)
		if other != "" {
			s = "your teammate " + other + " played; " + s
		}
		if data.TimeLeft > 0 {
			s += ", " + formatDuration(data.TimeLeft) + " to play"
		}
		s += "."
	case KindTurnWarning:
		if data.TimeLeft > 0 {
			s = formatDuration(data.TimeLeft) + " left for your turn in " + g + ", then a CPU plays it."
		} else {
			s = "your turn in " + g + " ends soon, then a CPU plays it."
		}
	case KindCPUPlayed:
		s = "your time ran out in " + g + ", so a CPU played " + turnSuffix("turn %d", data.Turn)
		if data.Turn <= 0 {
			s += "your turn"
		}
		s += " for you."
	case KindEliminated:
		if other != "" {
			s = other + " knocked you out of " + g + "."
		} else {
			s = "you were eliminated from " + g + "."
		}
	case KindGameOver:
		switch {
		case data.Won:
			s = "you won " + g + "!"
		case other != "":
			s = other + " won " + g + "."
		default:
			s = g + " is over."
		}
	case KindInvited:
		if other != "" {
			s = other + " invited you to " + g + "."
		} else {
			s = "you're invited to " + g + "."
		}
	case KindDeclined:
		s = cmpName(other, "your invitee") + " declined " + seatWords(data.Seat) + " in " + g + "; the seat is open again."
	case KindSeatDelegated:
		s = "3 turns in a row timed out in " + g + ", so a CPU plays your seat until you come back."
	case KindChat:
		s = newMessages(data.Messages) + " in " + g + "."
	case KindChatTimeout:
		s = "you cannot chat until " + formatDeadline(data.Until, data.Location) + reasonSuffix(other) + ", after your message in " + g + "."
	case KindTournamentRound:
		s = "round " + strconv.Itoa(data.Round) + " of " + other + " has started: your table plays " + g + "."
		if data.Bye {
			s = "round " + strconv.Itoa(data.Round) + " of " + other + " has started: you have a bye this round, which scores as a win."
		}
	case KindTournamentStanding:
		if data.Final {
			s = other + " is over: you finished " + data.standingSentence() + "."
		} else {
			s = "round " + strconv.Itoa(data.Round) + " of " + other + " is over: you are " + data.standingSentence() + "."
		}
	default:
		s = "news in " + g + "."
	}
	// A sentence that ends with a cut name ends with its "...".
	if trimmed, ok := strings.CutSuffix(s, "...."); ok {
		s = trimmed + "..."
	}
	if since != "" {
		s += " " + since
	}
	return "Rout: " + s + " " + data.Link
}

// newMessages counts messages: "1 new message", "3 new messages".
func newMessages(n int) string {
	if n == 1 {
		return "1 new message"
	}
	return strconv.Itoa(n) + " new messages"
}

// reasonSuffix says a moderator's reason, " (reason: spam)", or "" for none.
func reasonSuffix(reason string) string {
	if r := oneLine(reason); r != "" {
		return " (reason: " + r + ")"
	}
	return ""
}

// cmpName returns name, or fallback when it is empty.
func cmpName(name, fallback string) string {
	if name == "" {
		return fallback
	}
	return name
}

// seatWords names a seat by its colour ("the blue seat"), or "a seat" when the colour is unknown.
func seatWords(color string) string {
	if c := oneLine(color); c != "" {
		return "the " + strings.ToLower(c) + " seat"
	}
	return "a seat"
}

// turnSuffix formats format with turn, or returns "" when turn is not a turn number.
func turnSuffix(format string, turn int) string {
	if turn <= 0 {
		return ""
	}
	return fmt.Sprintf(format, turn)
}

// oneLine returns s with its runs of white space, line breaks included, made single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// shorten returns s cut to at most n runes, the last three of them "...", or s when it is no longer than
// n. The cut drops trailing spaces and punctuation: "Seven Seas,..." would read badly.
func shorten(s string, n int) string {
	runes := []rune(s)
	if len(runes) <= n {
		return s
	}
	return strings.TrimRight(string(runes[:n-3]), " ,;:.-") + "..."
}

// formatDuration says d in words, rounded to its largest unit: "less than a minute", "1 minute",
// "45 minutes", "5 hours", "2 days". Up to 48 hours it counts hours.
func formatDuration(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return strconv.FormatInt(n, 10) + " " + unit + "s"
	}
	switch {
	case d < time.Minute:
		return "less than a minute"
	case d < time.Hour-30*time.Second:
		return plural(int64(d.Round(time.Minute)/time.Minute), "minute")
	case d < 47*time.Hour+30*time.Minute:
		return plural(int64(d.Round(time.Hour)/time.Hour), "hour")
	default:
		return plural(int64(d.Round(24*time.Hour)/(24*time.Hour)), "day")
	}
}
