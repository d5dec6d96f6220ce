package lsp_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/lsp/lsptest"
)

// The JSON of assertlens/tests and assertlens/status as documented in editors/README.md.
type (
	testsAnswer struct {
		URI     string `json:"uri"`
		Classes []struct {
			ID    string         `json:"id"`
			Label string         `json:"label"`
			Range protocol.Range `json:"range"`
			Tests []struct {
				ID    string         `json:"id"`
				Label string         `json:"label"`
				Range protocol.Range `json:"range"`
				Units []unitAnswer   `json:"units"`
			} `json:"tests"`
		} `json:"classes"`
	}
	unitAnswer struct {
		ID         string         `json:"id"`
		Label      string         `json:"label"`
		Level      string         `json:"level"`
		Range      protocol.Range `json:"range"`
		Assertions int            `json:"assertions"`
		Affected   bool           `json:"affected"`
		Because    []string       `json:"because"`
		Status     string         `json:"status"`
	}
	statusAnswer struct {
		Assertions int `json:"assertions"`
		Tests      int `json:"tests"`
		Failed     int `json:"failed"`
		Passed     int `json:"passed"`
	}
)

const (
	methodTests  = "assertlens/tests"
	methodStatus = "assertlens/status"
)

// lensTitles requests the resolved lenses of a file: 1-based line → title.
func lensTitles(t *testing.T, x *e2e, rel string) map[int]string {
	t.Helper()
	lenses, err := x.ed.CodeLens(x.ctx(30*time.Second), rel)
	if err != nil {
		t.Fatal(err)
	}
	titles := map[int]string{}
	for _, l := range lenses {
		if l.Command == nil {
			t.Fatalf("unresolved lens %+v", l)
		}
		titles[int(l.Range.Start.Line)+1] = l.Command.Title
	}
	return titles
}

// With no edit every test method has a run lens; an edit replaces the lens of the tests it
// affects and leaves the others.
func TestE2ELensesOnEveryTestMethod(t *testing.T) {
	x := startE2E(t, "", nil)
	ctx := x.ctx(60 * time.Second)
	if err := x.ed.OpenFile(ctx, complexTest); err != nil {
		t.Fatal(err)
	}
	// ComplexTest.java: testNegate on line 9 (2 assertions), testPlus 17 (2), testAbs 26 (1).
	want := map[int]string{9: "▸ run · 2 assertions", 17: "▸ run · 2 assertions", 26: "▸ run · 1 assertion"}
	titles := lensTitles(t, x, complexTest)
	if len(titles) != len(want) {
		t.Errorf("lenses without an edit: %v, want %v", titles, want)
	}
	for line, title := range want {
		if titles[line] != title {
			t.Errorf("line %d: lens %q, want %q (all: %v)", line, titles[line], title, titles)
		}
	}
	// Production files have no run lenses.
	if got := lensTitles(t, x, complexJava); len(got) != 0 {
		t.Errorf("lenses on Complex.java without an edit: %v", got)
	}

	if err := x.ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	if err := x.ed.EditFile(ctx, complexJava, negateBody, negateEdited); err != nil {
		t.Fatal(err)
	}
	if _, err := x.ed.WaitForDiagnostics(ctx, complexTest, inLines(9, 14)); err != nil {
		t.Fatal(err)
	}
	titles = lensTitles(t, x, complexTest)
	if !strings.HasPrefix(titles[9], "2 of 2 assertions affected") || !strings.HasSuffix(titles[9], "▸ run") {
		t.Errorf("testNegate's lens after the edit: %q", titles[9])
	}
	if titles[17] != want[17] || titles[26] != want[26] {
		t.Errorf("unaffected tests' lenses after the edit: %v", titles)
	}
	if !strings.Contains(titles[7], "affected in 1 test") {
		t.Errorf("class lens after the edit: %q", titles[7])
	}
}

// assertlens/tests lists a file's classes, methods and units with the affected ones marked;
// assertlens/status carries the counts the lenses show, to clients that ask for it.
func TestE2ETestsRequestAndStatus(t *testing.T) {
	needServer(t)
	root := copyFixture(t, "complex")
	gitInit(t, root)
	ed, proc, err := lsptest.Start(root, serverBin, serveArgs, []string{"ASSERTLENS_CACHE_DIR=" + t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(proc.Kill)
	x := &e2e{t: t, ed: ed, proc: proc, root: root}
	ctx := x.ctx(60 * time.Second)
	if _, err := ed.Initialize(ctx, lsptest.Config{WorkDoneProgress: true, CodeLensRefresh: true,
		InitializationOptions: map[string]any{"debounceMs": 30},
		Experimental:          map[string]any{"assertlens": map[string]any{"status": true, "showsResults": true}}}); err != nil {
		t.Fatal(err)
	}
	var tree testsAnswer
	if err := ed.Call(ctx, methodTests, map[string]any{"textDocument": map[string]string{"uri": string(ed.URI(complexTest))}}, &tree); err != nil {
		t.Fatal(err)
	}
	if len(tree.Classes) != 1 || tree.Classes[0].ID != "demo.ComplexTest" || tree.Classes[0].Range.Start.Line != 6 {
		t.Fatalf("classes: %+v", tree.Classes)
	}
	var names []string
	for _, m := range tree.Classes[0].Tests {
		names = append(names, m.Label)
		for _, u := range m.Units {
			if u.Affected {
				t.Errorf("unit %s affected without an edit", u.ID)
			}
		}
	}
	if strings.Join(names, ",") != "testNegate,testPlus,testAbs" {
		t.Errorf("tests %v", names)
	}
	negate := tree.Classes[0].Tests[0]
	if negate.Range.Start.Line != 8 || len(negate.Units) != 2 || negate.Units[0].ID != "demo.ComplexTest#testNegate:12" ||
		negate.Units[0].Range.Start.Line != 11 || negate.Units[0].Label != "line 12" {
		t.Errorf("testNegate: %+v", negate)
	}

	if err := ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	if err := ed.EditFile(ctx, complexJava, negateBody, negateEdited); err != nil {
		t.Fatal(err)
	}
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, inLines(9, 14)); err != nil {
		t.Fatal(err)
	}
	tree = testsAnswer{}
	if err := ed.Call(ctx, methodTests, map[string]any{"textDocument": map[string]string{"uri": string(ed.URI(complexTest))}}, &tree); err != nil {
		t.Fatal(err)
	}
	affected := map[string]bool{}
	for _, m := range tree.Classes[0].Tests {
		for _, u := range m.Units {
			if u.Affected {
				affected[u.ID] = true
				if len(u.Because) == 0 || u.Because[0] != "demo.Complex#negate()" {
					t.Errorf("unit %s because %v", u.ID, u.Because)
				}
			}
		}
	}
	if len(affected) != 2 || !affected["demo.ComplexTest#testNegate:12"] || !affected["demo.ComplexTest#testNegate:13"] {
		t.Errorf("affected units %v, want testNegate:12 and :13", affected)
	}
	if err := ed.WaitFor(ctx, "assertlens/status with 2 assertions", func() bool {
		ns := ed.Notifications(methodStatus)
		if len(ns) == 0 {
			return false
		}
		var st statusAnswer
		return json.Unmarshal(ns[len(ns)-1], &st) == nil && st == statusAnswer{Assertions: 2, Tests: 1}
	}); err != nil {
		t.Errorf("%v: got %s", err, ed.Notifications(methodStatus))
	}
}
