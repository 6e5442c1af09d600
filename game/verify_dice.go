package game

import (
	"encoding/hex"
	"slices"

	"rout/rules"
)

// RecordBadDice is the reason VerifyDice refuses a record whose draws are not its committed dice's: no
// seeds, seeds that do not match the commitment, or a draw (a die, the turn order, the deal, a starting
// army, a card) that the seeds do not give. It is part of the record format: never renamed.
const RecordBadDice RecordCode = "RECORD_DICE"

// VerifyDice checks the randomness of a finished game's record (docs/record-format.md, "Committed dice"):
// the record must replay (Replay), its server seed must be the one its commitment names, and every event
// must be what the rules give with the numbers its seeds derive (rules.ReplayDrawn with
// rules.CommittedDice), each event's draws the ones its command drew. A refused record is a *RecordError:
// RECORD_DICE for its dice, or Replay's code.
func VerifyDice(r Record) error {
	b, cfg, events, err := recordGame(r)
	if err != nil {
		return err
	}
	d := r.Dice
	switch {
	case d == nil:
		return recordErr(RecordBadDice, 0, nil, "the record has no committed dice: its game was created before them")
	case d.Scheme != rules.CommittedScheme:
		return recordErr(RecordBadDice, 0, nil, "unknown dice scheme %q (want %q)", d.Scheme, rules.CommittedScheme)
	case r.Status != StatusFinished || d.ServerSeed == "":
		return recordErr(RecordBadDice, 0, nil, "the seeds are revealed when the game is finished: this record's game is %s", r.Status)
	case len(d.PlayerSeeds) != len(r.Seats):
		return recordErr(RecordBadDice, 0, nil, "the record has %d player seeds for %d seats", len(d.PlayerSeeds), len(r.Seats))
	}
	server, err := ParseSeed(d.ServerSeed)
	if err != nil || server == nil {
		return recordErr(RecordBadDice, 0, err, "the server seed is not %d hexadecimal digits", 2*rules.SeedSize)
	}
	if c := server.Commitment(); hex.EncodeToString(c[:]) != d.Commitment {
		return recordErr(RecordBadDice, 0, nil, "the server seed's SHA-256 is %x, not the commitment %s", c, d.Commitment)
	}
	players := make([]*rules.Seed, len(d.PlayerSeeds))
	for i, text := range d.PlayerSeeds {
		if players[i], err = ParseSeed(text); err != nil {
			return recordErr(RecordBadDice, 0, err, "the seed of seat %d is not %d hexadecimal digits", i, 2*rules.SeedSize)
		}
	}
	dice := rules.NewCommittedDice(rules.DiceKey(*server, players), 0)
	st, origins, drawn, err := rules.ReplayDrawn(b, cfg, events, dice)
	if err != nil {
		if _, replays := Replay(r); replays != nil {
			return replays // the record is wrong whatever the dice
		}
		return replayErr(err, RecordBadDice)
	}
	if _, err := checkHeader(r, cfg, st, origins); err != nil {
		return err
	}
	for i, e := range r.Events {
		if want := drawPairs(drawn[i]); !slices.Equal(e.Draws, want) {
			return recordErr(RecordBadDice, e.Seq, nil, "the record's draws %v are not the seeds' %v", e.Draws, want)
		}
	}
	return nil
}
