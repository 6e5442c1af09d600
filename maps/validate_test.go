package maps

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pc is a problem's path and code, which tests compare; messages are for people.
type pc struct{ path, code string }

func pathsAndCodes(problems []Problem) []pc {
	out := make([]pc, len(problems))
	for i, p := range problems {
		out[i] = pc{p.Path, p.Code}
	}
	return out
}

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(m *Map)
		want   []pc
	}{
		{"valid", func(m *Map) {}, nil},
		{"valid with extras", func(m *Map) {
			m.Description = "Two lines\n\tand a tab."
			m.Width, m.Height = 100, 50
			m.Territories[3].X, m.Territories[3].Y = 100, 50
			m.ID = strings.Repeat("x", MaxIDLength)
			m.Name = strings.Repeat("é", MaxNameLength)
			m.Version = MaxVersion
			m.BonusAreas[0].Bonus = -MaxBonus
		}, nil},
		{"map id missing", func(m *Map) { m.ID = "" }, []pc{{"id", CodeRequired}}},
		{"map id upper case", func(m *Map) { m.ID = "Tiny" }, []pc{{"id", CodeBadID}}},
		{"map id space", func(m *Map) { m.ID = "ti ny" }, []pc{{"id", CodeBadID}}},
		{"map id leading dash", func(m *Map) { m.ID = "-tiny" }, []pc{{"id", CodeBadID}}},
		{"map id too long", func(m *Map) { m.ID = strings.Repeat("x", MaxIDLength+1) }, []pc{{"id", CodeBadID}}},
		{"map name missing", func(m *Map) { m.Name = " " }, []pc{{"name", CodeRequired}}},
		{"map name too long", func(m *Map) { m.Name = strings.Repeat("n", MaxNameLength+1) }, []pc{{"name", CodeTooLong}}},
		{"map name padded", func(m *Map) { m.Name = " Tiny" }, []pc{{"name", CodeBadName}}},
		{"map name control", func(m *Map) { m.Name = "Ti\x00ny" }, []pc{{"name", CodeBadName}}},
		{"version zero", func(m *Map) { m.Version = 0 }, []pc{{"version", CodeBadVersion}}},
		{"version negative", func(m *Map) { m.Version = -2 }, []pc{{"version", CodeBadVersion}}},
		{"version too big", func(m *Map) { m.Version = MaxVersion + 1 }, []pc{{"version", CodeBadVersion}}},
		{"description too long", func(m *Map) { m.Description = strings.Repeat("d", MaxDescriptionLength+1) }, []pc{{"description", CodeTooLong}}},
		{"description control", func(m *Map) { m.Description = "bell\a" }, []pc{{"description", CodeBadText}}},
		{"width negative", func(m *Map) { m.Width = -1 }, []pc{{"width", CodeBadCanvas}}},
		{"height too big", func(m *Map) { m.Height = MaxCanvas + 1 }, []pc{{"height", CodeBadCanvas}}},
		{"x outside width", func(m *Map) { m.Width = 50 }, []pc{{"territories[3].x", CodeBadCoordinate}}},
		{"y outside height", func(m *Map) { m.Height = 30 }, []pc{{"territories[3].y", CodeBadCoordinate}}},
		{"x negative", func(m *Map) { m.Territories[1].X = -0.5 }, []pc{{"territories[1].x", CodeBadCoordinate}}},
		{"y too big", func(m *Map) { m.Territories[1].Y = MaxCanvas + 1 }, []pc{{"territories[1].y", CodeBadCoordinate}}},
		{"x not a number", func(m *Map) { m.Territories[0].X = math.NaN() }, []pc{{"territories[0].x", CodeBadCoordinate}}},
		{"territory id missing", func(m *Map) {
			m.Territories[3].ID = ""
			m.BonusAreas[2].Territories = m.BonusAreas[2].Territories[:3]
			m.BonusAreas[1].Territories = m.BonusAreas[1].Territories[:1]
			m.Borders = m.Borders[:2]
		},
			[]pc{{"territories[3].id", CodeRequired}}},
		{"territory id bad", func(m *Map) {
			m.Territories[0].ID = "A!"
			m.Borders[0][0] = "A!"
			m.BonusAreas[0].Territories[0] = "A!"
			m.BonusAreas[2].Territories[0] = "A!"
		},
			[]pc{{"territories[0].id", CodeBadID}}},
		{"territory id duplicate", func(m *Map) { m.Territories[2].ID = "a" },
			[]pc{{"territories[2].id", CodeDuplicateID}, {"borders[1][0]", CodeUnknownTerritory}, {"borders[2][0]", CodeUnknownTerritory},
				{"bonusAreas[1].territories[0]", CodeUnknownTerritory}, {"bonusAreas[2].territories[2]", CodeUnknownTerritory},
				{"borders", CodeDisconnected}}},
		{"territory name missing", func(m *Map) { m.Territories[1].Name = "" }, []pc{{"territories[1].name", CodeRequired}}},
		{"territory name too long", func(m *Map) { m.Territories[1].Name = strings.Repeat("é", MaxNameLength+1) }, []pc{{"territories[1].name", CodeTooLong}}},
		{"territory name padded", func(m *Map) { m.Territories[1].Name = "B\n" }, []pc{{"territories[1].name", CodeBadName}}},
		{"territory name duplicate", func(m *Map) { m.Territories[3].Name = "A" }, []pc{{"territories[3].name", CodeDuplicateName}}},
		{"card wild", func(m *Map) { m.Territories[0].Card = "wild" }, []pc{{"territories[0].card", CodeBadCardSymbol}}},
		{"card unknown", func(m *Map) { m.Territories[0].Card = "Infantry" }, []pc{{"territories[0].card", CodeBadCardSymbol}}},
		{"too few territories", func(m *Map) {
			m.Territories = m.Territories[:1]
			m.Borders = nil
			m.BonusAreas = m.BonusAreas[:1]
			m.BonusAreas[0].Territories = []string{"a"}
		},
			[]pc{{"territories", CodeTooFewTerritories}}},
		{"no territories", func(m *Map) { m.Territories = nil; m.Borders = nil; m.BonusAreas = nil }, []pc{{"territories", CodeTooFewTerritories}}},
		{"border end missing", func(m *Map) { m.Borders[2][1] = "" }, []pc{{"borders[2][1]", CodeRequired}, {"borders", CodeDisconnected}}},
		{"border end unknown", func(m *Map) { m.Borders = append(m.Borders, Border{"zz", "a"}) }, []pc{{"borders[3][0]", CodeUnknownTerritory}}},
		{"border both ends unknown", func(m *Map) { m.Borders = append(m.Borders, Border{"y", "z"}) }, []pc{{"borders[3][0]", CodeUnknownTerritory}, {"borders[3][1]", CodeUnknownTerritory}}},
		{"self border", func(m *Map) { m.Borders = append(m.Borders, Border{"d", "d"}) }, []pc{{"borders[3]", CodeSelfBorder}}},
		{"duplicate border", func(m *Map) { m.Borders = append(m.Borders, Border{"a", "b"}) }, []pc{{"borders[3]", CodeDuplicateBorder}}},
		{"duplicate border reversed", func(m *Map) { m.Borders = append(m.Borders, Border{"b", "c"}) }, []pc{{"borders[3]", CodeDuplicateBorder}}},
		{"disconnected", func(m *Map) { m.Borders = m.Borders[:2] }, []pc{{"borders", CodeDisconnected}}},
		{"sea crossing", func(m *Map) { m.Sea = []Border{{"c", "b"}} }, nil},
		{"sea crossing not a border", func(m *Map) { m.Sea = []Border{{"a", "b"}, {"a", "d"}, {"a", "zz"}} },
			[]pc{{"sea[1]", CodeNotABorder}, {"sea[2]", CodeNotABorder}}},
		{"sea crossing twice", func(m *Map) { m.Sea = []Border{{"a", "b"}, {"b", "a"}} }, []pc{{"sea[1]", CodeDuplicateBorder}}},
		{"area id missing", func(m *Map) { m.BonusAreas[1].ID = "" }, []pc{{"bonusAreas[1].id", CodeRequired}}},
		{"area id bad", func(m *Map) { m.BonusAreas[1].ID = "East" }, []pc{{"bonusAreas[1].id", CodeBadID}}},
		{"area id duplicate", func(m *Map) { m.BonusAreas[2].ID = "west" }, []pc{{"bonusAreas[2].id", CodeDuplicateID}}},
		{"area id same as territory", func(m *Map) { m.BonusAreas[2].ID = "a" }, nil},
		{"area name missing", func(m *Map) { m.BonusAreas[0].Name = "" }, []pc{{"bonusAreas[0].name", CodeRequired}}},
		{"area name duplicate", func(m *Map) { m.BonusAreas[1].Name = "West" }, []pc{{"bonusAreas[1].name", CodeDuplicateName}}},
		{"area name too long", func(m *Map) { m.BonusAreas[1].Name = strings.Repeat("e", MaxNameLength+1) }, []pc{{"bonusAreas[1].name", CodeTooLong}}},
		{"bonus too big", func(m *Map) { m.BonusAreas[0].Bonus = MaxBonus + 1 }, []pc{{"bonusAreas[0].bonus", CodeBadBonus}}},
		{"bonus too small", func(m *Map) { m.BonusAreas[0].Bonus = -MaxBonus - 1 }, []pc{{"bonusAreas[0].bonus", CodeBadBonus}}},
		{"empty area", func(m *Map) { m.BonusAreas[1].Territories = nil }, []pc{{"bonusAreas[1].territories", CodeEmptyArea}}},
		{"area member missing", func(m *Map) { m.BonusAreas[1].Territories[1] = "" }, []pc{{"bonusAreas[1].territories[1]", CodeRequired}}},
		{"area member unknown", func(m *Map) { m.BonusAreas[1].Territories[0] = "zz" }, []pc{{"bonusAreas[1].territories[0]", CodeUnknownTerritory}}},
		{"area member twice", func(m *Map) { m.BonusAreas[2].Territories[3] = "b" }, []pc{{"bonusAreas[2].territories[3]", CodeDuplicateTerritory}}},
		{"no areas", func(m *Map) { m.BonusAreas = nil }, nil},
		{"territory in no area", func(m *Map) { m.BonusAreas = m.BonusAreas[:1] }, nil},
		{"several problems", func(m *Map) {
			m.ID = "Bad Id"
			m.Version = 0
			m.Territories[1].ID = "a"
			m.Territories[2].Card = "wild"
			m.Borders = append(m.Borders, Border{"d", "d"}, Border{"c", "x"}, Border{"d", "c"})
			m.BonusAreas[0].Territories = nil
			m.BonusAreas[1].Territories[1] = "nowhere"
		}, []pc{
			{"id", CodeBadID},
			{"version", CodeBadVersion},
			{"territories[1].id", CodeDuplicateID},
			{"territories[2].card", CodeBadCardSymbol},
			{"borders[0][1]", CodeUnknownTerritory},
			{"borders[1][1]", CodeUnknownTerritory},
			{"borders[3]", CodeSelfBorder},
			{"borders[4][1]", CodeUnknownTerritory},
			{"borders[5]", CodeDuplicateBorder},
			{"bonusAreas[0].territories", CodeEmptyArea},
			{"bonusAreas[1].territories[1]", CodeUnknownTerritory},
			{"bonusAreas[2].territories[1]", CodeUnknownTerritory},
			{"borders", CodeDisconnected},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := tinyMap()
			tt.change(m)
			err := m.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate() error = %v, want nil", err)
				}
				return
			}
			got := pathsAndCodes(problemsOf(t, err))
			if !slices.Equal(got, tt.want) {
				t.Errorf("Validate() problems =\n%v\nwant\n%v\n(%v)", got, tt.want, err)
			}
		})
	}
}

func TestParseOnlyProblems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, input string
		want        []pc
	}{
		{"missing x and y", strings.Replace(tinyJSON, `"x": 30, "y": 20, `, "", 1),
			[]pc{{"territories[1].x", CodeRequired}, {"territories[1].y", CodeRequired}}},
		{"missing y", strings.Replace(tinyJSON, `, "y": 40`, "", 1), []pc{{"territories[3].y", CodeRequired}}},
		{"border of one", strings.Replace(tinyJSON, `["c", "b"]`, `["c"]`, 1),
			[]pc{{"borders[1]", CodeBadBorder}, {"borders", CodeDisconnected}}},
		{"border of three", strings.Replace(tinyJSON, `["c", "b"]`, `["c", "b", "a"]`, 1),
			[]pc{{"borders[1]", CodeBadBorder}, {"borders", CodeDisconnected}}},
		{"border of none", strings.Replace(tinyJSON, `["c", "d"]`, `["c", "d"], []`, 1), []pc{{"borders[3]", CodeBadBorder}}},
		{"null version and lists", `{"id": "x", "name": "X", "version": null, "territories": null}`,
			[]pc{{"version", CodeBadVersion}, {"territories", CodeTooFewTerritories}}},
		{"null document", `null`,
			[]pc{{"id", CodeRequired}, {"name", CodeRequired}, {"version", CodeBadVersion}, {"territories", CodeTooFewTerritories}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tt.input))
			got := pathsAndCodes(problemsOf(t, err))
			if !slices.Equal(got, tt.want) {
				t.Errorf("Parse() problems =\n%v\nwant\n%v\n(%v)", got, tt.want, err)
			}
		})
	}
}

func TestValidateLimits(t *testing.T) {
	t.Parallel()
	line := func(n int) *Map {
		m := &Map{ID: "line", Name: "Line", Version: 1}
		for i := range n {
			m.Territories = append(m.Territories, Territory{ID: "t" + strconv.Itoa(i), Name: "T" + strconv.Itoa(i)})
			if i > 0 {
				m.Borders = append(m.Borders, Border{"t" + strconv.Itoa(i-1), "t" + strconv.Itoa(i)})
			}
		}
		return m
	}
	tests := []struct {
		name string
		m    *Map
		want []pc
	}{
		{"most territories", line(MaxTerritories), nil},
		{"too many territories", line(MaxTerritories + 1), []pc{{"territories", CodeTooManyTerritories}}},
		{"most areas", func() *Map {
			m := line(10)
			for i := range MaxAreas {
				m.BonusAreas = append(m.BonusAreas, BonusArea{ID: "a" + strconv.Itoa(i), Name: "A" + strconv.Itoa(i), Territories: []string{"t1"}})
			}
			return m
		}(), nil},
		{"too many areas", func() *Map {
			m := line(10)
			for i := range MaxAreas + 1 {
				m.BonusAreas = append(m.BonusAreas, BonusArea{ID: "a" + strconv.Itoa(i), Name: "A" + strconv.Itoa(i), Territories: []string{"t1"}})
			}
			return m
		}(), []pc{{"bonusAreas", CodeTooManyAreas}}},
		{"too many borders", func() *Map {
			m := line(500)
			for i := 0; len(m.Borders) <= MaxBorders; i++ {
				for j := i + 2; j < 500 && len(m.Borders) <= MaxBorders; j++ {
					m.Borders = append(m.Borders, Border{"t" + strconv.Itoa(i), "t" + strconv.Itoa(j)})
				}
			}
			return m
		}(), []pc{{"borders", CodeTooManyBorders}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.m.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate() error = %v, want nil", err)
				}
				return
			}
			if got := pathsAndCodes(problemsOf(t, err)); !slices.Equal(got, tt.want) {
				t.Errorf("Validate() problems = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestValidateDisconnectedMessage(t *testing.T) {
	t.Parallel()
	m := &Map{ID: "islands", Name: "Islands", Version: 1}
	for i := range 15 {
		m.Territories = append(m.Territories, Territory{ID: fmt.Sprintf("i%02d", i), Name: fmt.Sprintf("Island %d", i)})
	}
	m.Borders = []Border{{"i00", "i01"}, {"i01", "i02"}, {"i13", "i14"}}
	problems := problemsOf(t, m.Validate())
	if len(problems) != 1 {
		t.Fatalf("Validate() problems = %v, want one", problems)
	}
	want := `12 territories cannot be reached from "i00": "i03", "i04", "i05", "i06", "i07", "i08", "i09", "i10", "i11", "i12" and 2 more`
	if got := problems[0].Message; got != want {
		t.Errorf("message = %q, want %q", got, want)
	}
}

func TestValidateTooManyProblems(t *testing.T) {
	t.Parallel()
	m := tinyMap()
	for range MaxProblems + 50 {
		m.Borders = append(m.Borders, Border{"a", "a"})
	}
	problems := problemsOf(t, m.Validate())
	if got, want := len(problems), MaxProblems+1; got != want {
		t.Fatalf("len(problems) = %d, want %d", got, want)
	}
	last := problems[len(problems)-1]
	if last.Code != CodeTooManyProblems || last.Message != "50 more problems are not listed" {
		t.Errorf("last problem = %+v, want %s counting 50", last, CodeTooManyProblems)
	}
}

func TestValidationErrorMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  *ValidationError
		want string
	}{
		{&ValidationError{}, "invalid map"},
		{&ValidationError{Problems: []Problem{{Path: "id", Code: CodeRequired, Message: "id is required"}}},
			"invalid map: id: REQUIRED: id is required"},
		{&ValidationError{Problems: []Problem{{Code: CodeInvalidJSON, Message: "the map file is empty"}}},
			"invalid map: INVALID_JSON: the map file is empty"},
		{&ValidationError{Problems: []Problem{{Path: "id", Code: CodeRequired, Message: "id is required"}, {Path: "version", Code: CodeBadVersion, Message: "no"}}},
			"invalid map: 2 problems, the first: id: REQUIRED: id is required"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}
