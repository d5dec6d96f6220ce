package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// demoRepo copies testdata/demo into a git repository and applies the negate() edit.
func demoRepo(t *testing.T) string {
	t.Helper()
	dir := gitFixture(t, "../../testdata/demo")
	p := filepath.Join(dir, "src/main/java/demo/Complex.java")
	b, _ := os.ReadFile(p)
	edited := strings.Replace(string(b), "return new Complex(-real, -imaginary);", "return new Complex(-real, imaginary);", 1)
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestExitCodesOnBadInput(t *testing.T) {
	empty := t.TempDir()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, "usage"},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"bad flag", []string{"index", "--nope"}, "flag provided but not defined"},
		{"missing root", []string{"index", "--root", "/does/not/exist"}, "no such file"},
		{"not java", []string{"index", "--root", empty}, "not a Java project"},
		{"bad level", []string{"select", "--root", empty, "--level", "statement"}, "unknown --level"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCLI(c.args...)
			if code != 2 || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, stderr, c.want)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 && c.name != "no command" {
				t.Fatalf("error is not one line: %q", stderr)
			}
		})
	}
	dir := demoRepo(t)
	if code, _, stderr := runCLI("changes", "--root", dir, "--base", "no-such-rev"); code != 2 || !strings.Contains(stderr, "unknown revision") {
		t.Fatalf("unknown revision: exit %d %q", code, stderr)
	}
}

// TestSubcommandHelp checks that -h on any subcommand lists its flags and succeeds.
func TestSubcommandHelp(t *testing.T) {
	for _, c := range []struct{ cmd, flag string }{
		{"index", "-root"},
		{"select", "-level"},
		{"audit", "-sample"},
		{"coverage", "-classpath"},
	} {
		t.Run(c.cmd, func(t *testing.T) {
			code, stdout, stderr := runCLI(c.cmd, "-h")
			if code != 0 || stdout != "" || !strings.Contains(stderr, "usage: assertlens "+c.cmd) || !strings.Contains(stderr, c.flag) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and the usage of %s with %s", code, stdout, stderr, c.cmd, c.flag)
			}
		})
	}
}

// TestJSONContracts pins the field names other tools rely on.
func TestJSONContracts(t *testing.T) {
	dir := demoRepo(t)
	decode := func(args ...string) map[string]any {
		code, out, stderr := runCLI(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: bad JSON: %v\n%s", args, err, out)
		}
		return v
	}
	requireKeys := func(what string, v map[string]any, keys ...string) {
		for _, k := range keys {
			if _, ok := v[k]; !ok {
				t.Errorf("%s JSON lacks %q: %v", what, k, v)
			}
		}
	}
	idx := decode("index", "--root", dir, "--json")
	requireKeys("index", idx, "root", "files", "types", "methods", "fields", "testClasses", "testMethods", "parseErrors", "elapsedMs", "cached")
	if idx["testMethods"].(float64) != 4 || idx["files"].(float64) != 3 {
		t.Errorf("index counts: %v", idx)
	}
	ch := decode("changes", "--root", dir, "--json")
	requireKeys("changes", ch, "base", "changes", "elapsedMs")
	changes := ch["changes"].([]any)
	if len(changes) != 1 {
		t.Fatalf("changes: %v", changes)
	}
	c := changes[0].(map[string]any)
	requireKeys("change", c, "id", "kind", "change", "file", "line", "finding", "rerun")
	if c["id"] != "demo.Complex#negate()" || c["kind"] != "method" || c["change"] != "modified" || c["rerun"] != true {
		t.Errorf("change: %v", c)
	}
	sel := decode("select", "--root", dir, "--json")
	requireKeys("select", sel, "base", "changes", "units", "totals", "elapsedMs")
	requireKeys("totals", sel["totals"].(map[string]any), "testClasses", "testMethods", "assertions", "selectedTestMethods", "selectedAssertions")
	units := sel["units"].([]any)
	var lines []float64
	for _, u := range units {
		m := u.(map[string]any)
		requireKeys("unit", m, "test", "file", "level", "line", "endLine", "statements", "assertions", "reason", "because", "via")
		if m["level"] != "assertion" {
			t.Errorf("unit level %v", m["level"])
		}
		lines = append(lines, m["line"].(float64))
	}
	// The paper's example: negate() is observed by both testNegate assertions and by one
	// of testExp's three; the other tests are unaffected.
	if got := len(units); got != 3 {
		t.Errorf("selected %d units (%v), want 3", got, lines)
	}
	meth := decode("select", "--root", dir, "--json", "--level", "method")
	if n := meth["totals"].(map[string]any)["selectedTestMethods"].(float64); n != 2 {
		t.Errorf("method level selected %v test methods, want 2", n)
	}
	sl := decode("slices", "--root", dir, "--json", filepath.Join(dir, "src/test/java/demo/MultiplyTest.java"))
	for _, u := range sl["units"].([]any) {
		if f := u.(map[string]any)["file"]; f != "src/test/java/demo/MultiplyTest.java" {
			t.Errorf("slices for one file returned a unit of %v", f)
		}
	}
}

// TestRunAndCheckOnDemo runs the affected slices for real and checks the selection.
func TestRunAndCheckOnDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs javac and the JUnit launcher")
	}
	dir := demoRepo(t)
	code, out, stderr := runCLI("run", "--root", dir, "--json")
	if code != 1 {
		t.Fatalf("run: exit %d (want 1: one slice fails)\n%s\n%s", code, out, stderr)
	}
	var res struct {
		Units []struct {
			ID, Status, Expected, Actual string
			Line                         int
		}
		Totals struct{ Selected, Passed, Failed int }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Totals.Selected != 3 || res.Totals.Passed != 2 || res.Totals.Failed != 1 {
		t.Fatalf("totals %+v\n%s", res.Totals, out)
	}
	for _, u := range res.Units {
		if u.Status == "failed" && (u.Line != 15 || u.Expected != "-2.0" || u.Actual != "2.0") {
			t.Errorf("failed unit %+v, want line 15 expected -2.0 actual 2.0", u)
		}
	}
	if code, out, stderr := runCLI("check", "--root", dir); code != 0 || !strings.Contains(out, "0 missed") {
		t.Fatalf("check: exit %d\n%s\n%s", code, out, stderr)
	}
}

// TestRunSlicesOfAParameterizedTest runs the assertion slices of a @ParameterizedTest for
// real: the edit to Cart#discounted affects only the second assertion of PricesTest#addsUp,
// whose slice runs (with its @MethodSource factory found under the generated name) once
// per argument and fails as the original would.
func TestRunSlicesOfAParameterizedTest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs javac and the JUnit launcher")
	}
	dir := gitFixture(t, "../../testdata/run/junit5")
	p := filepath.Join(dir, "src/main/java/shop/Cart.java")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(b), "* percent / 100 + 1;", "* percent / 100 + 2;", 1)
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("run", "--root", dir, "--json")
	if code != 1 {
		t.Fatalf("run: exit %d (want 1: the affected slices fail)\n%s\n%s", code, out, stderr)
	}
	var res struct {
		Units []struct {
			ID, Level, Status, Expected, Actual string
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	var prices []string
	for _, u := range res.Units {
		if strings.HasPrefix(u.ID, "shop.PricesTest#") {
			prices = append(prices, u.ID+" "+u.Level+" "+u.Status)
			if u.Expected == "" || u.Actual == "" {
				t.Errorf("%s: no expected and actual values (%q, %q)", u.ID, u.Expected, u.Actual)
			}
		}
	}
	if want := []string{"shop.PricesTest#addsUp:16 assertion failed"}; !slices.Equal(prices, want) {
		t.Fatalf("PricesTest units %q, want %q\n%s", prices, want, out)
	}
}

func TestSplitListKeepsMemberIDsWhole(t *testing.T) {
	for in, want := range map[string][]string{
		"a, b,,c": {"a", "b", "c"},
		"p.A#m(int,int),p.B#f, p.C#g(T[],Order,boolean)": {"p.A#m(int,int)", "p.B#f", "p.C#g(T[],Order,boolean)"},
		"": nil,
	} {
		if got := splitList(in); !slices.Equal(got, want) {
			t.Errorf("splitList(%q) = %q, want %q", in, got, want)
		}
	}
}
