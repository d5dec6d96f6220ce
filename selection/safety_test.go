package selection

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// safetyEdit changes one production member of a fixture; each exercises one kind of
// dependency the selection must follow.
type safetyEdit struct {
	name, file, old, new string
}

var shopEdits = []safetyEdit{
	{"dispatch-override", "src/main/java/shop/Bundle.java", "other.price() / 2", "other.price() / 4"},
	{"static-initializer", "src/main/java/shop/Item.java", "TAX = 0.25;", "TAX = 0.5;"},
	{"constructor", "src/main/java/shop/Item.java", "this.cents = cents;", "this.cents = cents + 1;"},
	{"method-reference", "src/main/java/shop/Cart.java", "return cents - cents % 5;", "return cents - cents % 10;"},
	{"initializer-call", "src/main/java/shop/Cart.java", "return 1;\n    }\n\n    public void add", "return 2;\n    }\n\n    public void add"},
	{"library-callback-compare", "src/main/java/shop/Item.java", "return Integer.compare(price(), o.price());", "return Integer.compare(o.price(), price());"},
	{"library-callback-tostring", "src/main/java/shop/Item.java", `return name + "@" + price();`, `return name + "#" + price();`},
	{"reflection-and-method-ref", "src/main/java/shop/Item.java", "return name;\n    }", "return name.toUpperCase();\n    }"},
	{"lambda-body", "src/main/java/shop/Cart.java", "(a, b) -> a + b", "(a, b) -> b + a"},
	{"super-call", "src/main/java/shop/Item.java", "return cents - discount;", "return cents - discount * 2;"},
	{"inherited-test-hook", "src/main/java/shop/Shelf.java", "items.add(item);", "items.add(item);\n        items.add(item);"},
	{"class-literal-reflection", "src/main/java/shop/Sticker.java", `this.text = "sale";`, `this.text = "sale" + "";`},
	{"reflective-nested-constructor", "src/main/java/shop/Units.java", "this.ordinal = ordinal;", "this.ordinal = ordinal + 1;"},
	{"class-named-in-a-constant", "src/main/java/shop/PlainCodec.java", `this.name = "plain";`, `this.name = "pla" + "in";`},
	{"class-named-in-a-resource", "src/main/java/shop/Greeter.java", `this.word = "hello";`, `this.word = "hel" + "lo";`},
	implicitClose,
	{"local-subclass", "src/main/java/shop/Stamp.java", "this.value = 3;", "this.value = 4;"},
	{"test-object-getter", "src/main/java/shop/Tag.java", "((Tag) o).text.equals(text)", "((Tag) o).text.equalsIgnoreCase(text)"},
	{"inner-class-of-generic", "src/main/java/shop/Pairs.java", "return at < size;", "return at <= size;"},
	{"library-member-type", "src/main/java/shop/Ledger.java", "this.value = value;\n            return old;", "this.value = value + 1;\n            return old;"},
	{"class-name-from-literal", "src/main/java/shop/LoudCodec.java", `this.name = "loud";`, `this.name = "lou" + "d";`},
	{"override-among-overloads", "src/main/java/shop/Coins.java", "count + other.count", "count + other.count + 1"},
	{"unchecked-tostring", "src/main/java/shop/Receipt.java", `return "lines=" + lines;`, `return "lines: " + lines;`},
	{"service-provider", "src/main/java/shop/ShopCalendar.java", `this.id = "Shop";`, `this.id = "Sh" + "op";`},
	{"class-of-a-value-to-a-library", "src/main/java/shop/Specimen.java", `this.label = "fresh";`, `this.label = "fre" + "sh";`},
	{"call-on-a-var-local", "src/main/java/shop/Price.java", "return cents;", "return cents + 1;"},
	{"jupiter-extension", "src/main/java/shop/Clerk.java", `return "hi";`, `return "h" + "i";`},
}

// implicitClose edits the close() a try-with-resources in ReceiptTest runs implicitly.
var implicitClose = safetyEdit{"implicit-close", "src/main/java/shop/Receipt.java", `out.append("end");`, `out.append("END");`}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		target := filepath.Join(to, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// fixtureRepo copies a fixture into a fresh git repository with one commit.
func fixtureRepo(t *testing.T, fixture string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "project")
	copyDir(t, fixture, dir)
	gitIn(t, dir, "init", "-q")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-qm", "fixture")
	return dir
}

func applyEdit(t *testing.T, dir string, e safetyEdit) {
	t.Helper()
	p := filepath.Join(dir, e.file)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), e.old) {
		t.Fatalf("edit %s: %q not in %s", e.name, e.old, e.file)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), e.old, e.new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// selectIn runs the selection of the working tree of dir against HEAD.
func selectIn(t *testing.T, dir string, level slicing.Level) (Input, *Result) {
	t.Helper()
	src, _, err := analysis.RevisionSource(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	base, err := analysis.Build(ctx, dir, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := analysis.Build(ctx, dir, analysis.DirSource{Root: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := slicing.DiscoverWith(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
		Tests: tests, Level: level}
	return in, Select(in)
}

func checkIn(t *testing.T, dir string, in Input, sel *Result) *CheckResult {
	t.Helper()
	res, err := Check(context.Background(), CheckInput{Root: dir, CacheDir: filepath.Join(t.TempDir(), "cache"), Cur: in.Cur,
		Tests: in.Tests, Selection: sel, Timeout: 3 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.CompileErrors) > 0 {
		t.Fatalf("instrumented build failed: %+v", res.CompileErrors)
	}
	return res
}

// TestSelectionIsSafeAgainstDynamicGroundTruth edits each kind of dependency in the shop
// fixture, runs the whole suite with the edited body instrumented, and requires every test
// statement that executed the edit to lie in a selected unit.
func TestSelectionIsSafeAgainstDynamicGroundTruth(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs javac and the JUnit launcher")
	}
	for _, e := range shopEdits {
		t.Run(e.name, func(t *testing.T) {
			t.Parallel()
			dir := fixtureRepo(t, "../testdata/safety/shop")
			applyEdit(t, dir, e)
			in, sel := selectIn(t, dir, slicing.LevelAssertion)
			res := checkIn(t, dir, in, sel)
			if res.Hits == 0 {
				t.Fatalf("the edit was executed by no test: the fixture does not exercise %s", e.name)
			}
			if len(res.Missed) > 0 {
				t.Errorf("missed %d of %d executing statements: %+v\nselected units: %+v", len(res.Missed), res.Hits, res.Missed, unitIDs(sel))
			}
			t.Logf("%s: %d hits, %d of %d assertions selected", e.name, res.Hits, sel.Totals.SelectedAssertions, sel.Totals.Assertions)
		})
	}
}

// unitIDs lists the ids of the units r selected.
func unitIDs(r *Result) []string {
	var out []string
	for _, u := range r.Units {
		out = append(out, u.ID)
	}
	return out
}

// unitTests lists the test methods of the units r selected, one entry per unit.
func unitTests(r *Result) []string {
	var out []string
	for _, u := range r.Units {
		out = append(out, u.Test)
	}
	return out
}

// TestCheckerFindsPlantedMiss weakens a real selection by dropping a unit and expects the
// checker to report exactly the statements that unit held.
func TestCheckerFindsPlantedMiss(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs javac and the JUnit launcher")
	}
	dir := fixtureRepo(t, "../testdata/demo")
	applyEdit(t, dir, safetyEdit{"negate", "src/main/java/demo/Complex.java", "return new Complex(-real, -imaginary);", "return new Complex(-real, imaginary);"})
	in, sel := selectIn(t, dir, slicing.LevelAssertion)
	if len(sel.Units) < 2 {
		t.Fatalf("expected several units, got %v", unitIDs(sel))
	}
	full := checkIn(t, dir, in, sel)
	if len(full.Missed) != 0 || full.Hits == 0 {
		t.Fatalf("real selection: hits=%d missed=%+v", full.Hits, full.Missed)
	}
	// Drop every unit of testExp: its statement calling negate() is then unselected.
	weak := *sel
	weak.Units = nil
	for _, u := range sel.Units {
		if !strings.HasSuffix(u.Test, "#testExp") {
			weak.Units = append(weak.Units, u)
		}
	}
	res := checkIn(t, dir, in, &weak)
	if len(res.Missed) == 0 {
		t.Fatal("checker did not notice the planted miss")
	}
	for _, m := range res.Missed {
		if m.Test != "demo.ComplexTest#testExp" || m.Change != "demo.Complex#negate()" {
			t.Errorf("unexpected miss %+v", m)
		}
	}
}

// TestInheritedTestsSliceOverOverrides pins how tests that run in several classes are cut.
// The shop's AbstractShelfTest#counts calls an overridable hook (restock) that is empty in
// the base and fills the shelf in PenShelfTest. The test is sliced once for every class it
// runs in, with the hook summarized over all its overrides: the assertion's slice keeps
// the hook's call. Selection stays per concrete class and per method: labels() never
// reaches Shelf#stock.
func TestInheritedTestsSliceOverOverrides(t *testing.T) {
	dir := fixtureRepo(t, "../testdata/safety/shop")
	i := slices.IndexFunc(shopEdits, func(e safetyEdit) bool { return e.name == "inherited-test-hook" })
	applyEdit(t, dir, shopEdits[i])
	_, sel := selectIn(t, dir, slicing.LevelAssertion)
	var counts *slicing.Unit
	for i, u := range sel.Units {
		if strings.HasSuffix(u.Test, "#labels") {
			t.Errorf("%s selected: it never reaches Shelf#stock", u.ID)
		}
		if u.Test == "shop.PenShelfTest#counts" {
			counts = &sel.Units[i]
		}
	}
	if counts == nil {
		t.Fatalf("PenShelfTest#counts not selected; units %v", unitIDs(sel))
	}
	if counts.Level != slicing.LevelAssertion || !covers(counts.Statements, 19) {
		t.Errorf("PenShelfTest#counts is a %s unit holding %v, want an assertion slice holding restock() (line 19)", counts.Level, counts.Statements)
	}
}

// TestResourceNamingStatementsAreTheirOwnUnits checks the precision half of the resource
// rule: a test statement that hands a resource to code making the classes it names is
// tied to those classes itself, so only the units whose slices hold it are selected, not
// every unit of the test (the method-level resource edges alone would select them all).
func TestResourceNamingStatementsAreTheirOwnUnits(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, "../testdata/safety/shop")
	applyEdit(t, dir, safetyEdit{"greeter", "src/main/java/shop/Greeter.java", `this.word = "hello";`, `this.word = "hel" + "lo";`})
	_, sel := selectIn(t, dir, slicing.LevelAssertion)
	ids := unitIDs(sel)
	if !slices.Contains(ids, "shop.PluginsTest#aTestMayNameTheResource:19") {
		t.Fatalf("the assertion after the statement naming plugins.properties is not selected: %v", ids)
	}
	if slices.Contains(ids, "shop.PluginsTest#aTestMayNameTheResource:17") {
		t.Errorf("the assertion before the statement naming plugins.properties is selected: %v", ids)
	}
}

// TestImplicitCloseRunsOnTheClosingBraceLine checks, with the real javac and agent, where
// the implicit close of a try-with-resources runs: on the line of the try's closing brace,
// which only the slices needing the close hold (the assertion after the try here), not the
// slices of the assertions inside it. The selection is narrowed to the units holding that
// line, and the checker must find no statement that ran the edited close outside them.
func TestImplicitCloseRunsOnTheClosingBraceLine(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs javac and the JUnit launcher")
	}
	dir := fixtureRepo(t, "../testdata/safety/shop")
	applyEdit(t, dir, implicitClose)
	in, sel := selectIn(t, dir, slicing.LevelAssertion)
	closing := 0
	for _, tc := range in.Tests {
		for _, tm := range tc.Methods {
			for _, st := range tm.Statements {
				if tm.ID == "shop.ReceiptTest#linesThenEnd" && st.Closes > 0 {
					closing = tm.Statements[st.Closes].Line
				}
			}
		}
	}
	if closing == 0 {
		t.Fatal("ReceiptTest#linesThenEnd has no flattened try-with-resources")
	}
	all := len(sel.Units)
	sel.Units = slices.DeleteFunc(sel.Units, func(u slicing.Unit) bool {
		return u.Test == "shop.ReceiptTest#linesThenEnd" && !covers(u.Statements, closing)
	})
	if len(sel.Units) != all-2 {
		t.Fatalf("narrowed %d units to %d: want the two assertions inside the try left out", all, len(sel.Units))
	}
	res := checkIn(t, dir, in, sel)
	if res.Hits == 0 {
		t.Fatal("the edited close ran in no test")
	}
	if len(res.Missed) > 0 {
		t.Errorf("the close ran outside the units holding line %d: %+v", closing, res.Missed)
	}
}
