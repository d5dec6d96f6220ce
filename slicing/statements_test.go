package slicing

import (
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// sliceBody discovers a one-method test class around body (with a Box production class
// in the same snapshot) and returns the method.
func sliceBody(t *testing.T, fields, body string) *TestMethod {
	t.Helper()
	files := map[string][]byte{
		"src/main/java/p/Box.java": []byte(`package p;
public class Box {
    private int v;
    public Box() {}
    public Box(int v) { this.v = v; }
    public int get() { return v; }
    public void set(int v) { this.v = v; }
    public <T> T pick(T t) { return t; }
    public <T> void put(T t) { this.v = 1; }
}
`),
		"src/test/java/p/BodyTest.java": []byte(`package p;
import org.junit.Test;
import static org.junit.Assert.*;
public class BodyTest {
` + fields + `
    @Test
    public void t() throws Exception {
` + body + `
    }
}
`),
	}
	s := &analysis.Snapshot{Root: ".", Files: map[string]*analysis.File{}}
	for rel, b := range files {
		s.Files[rel] = analysis.ParseSource(rel, b)
	}
	classes, err := DiscoverWith(s, func(rel string) ([]byte, error) { return files[rel], nil }, Options{})
	if err != nil || len(classes) != 1 || len(classes[0].Methods) != 1 {
		t.Fatalf("discover: %v %v", err, classes)
	}
	return classes[0].Methods[0]
}

// TestStatementFacts pins defs, uses and slices of small bodies, one rule per row.
func TestStatementFacts(t *testing.T) {
	cases := []struct {
		name, fields, body string
		stmt               int    // statement index to check
		defs, uses         string // joined; "-" skips the check
		units              string // "line:stmt-lines;…" of every unit, "-" skips (body starts at line 8)
	}{
		{"proved getter changes nothing", "", "Box b = new Box(1);\nassertEquals(1, b.get());", 1, "[]", "[b]", "-"},
		{"proved setter changes only its receiver", "", "Box b = new Box();\nb.set(2);", 1, "[b]", "[b]", "-"},
		{"explicit type arguments resolve like any call", "", "Box b = new Box();\nBox c = new Box();\nb.<Box>pick(c);", 2, "[]", "-", "-"},
		{"a call with explicit type arguments changes what its callee does", "", "Box b = new Box();\nBox c = new Box();\nb.<Box>put(c);", 2, "[b]", "-", "-"},
		{"method reference captures its receiver", "", "Box b = new Box();\njava.util.Optional.of(1).ifPresent(b::set);", 1, "-", "[$heap,$out,b]", "-"},
		{"field write is shared state", "Box f;", "f = new Box(3);\nassertEquals(3, f.get());", 0, "[this.f]", "[this.f]", "-"},
		{"string values do not alias", "", "String s = \"a\";\nString u = s.trim();\nassertEquals(\"a\", s);", 1, "[u]", "[s]", "-"},
		{"rebinding does not change the object", "", "Box a = new Box(1);\nBox b = a;\nb = new Box(2);\nassertEquals(1, a.get());", 3, "[]", "[a]", "11:8 11;rest:10"},
		{"mutation through an alias", "", "Box a = new Box(1);\nBox b = a;\nb.set(5);\nassertEquals(5, a.get());", 3, "[]", "-", "11:8 9 10 11"},
		{"implicit unit keeps trailing calls", "", "Box a = new Box(1);\nassertEquals(1, a.get());\nnew Box(2).set(3);", 2, "-", "-", "9:8 9;rest:10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := sliceBody(t, c.fields, c.body)
			if c.stmt >= len(m.Statements) {
				t.Fatalf("only %d statements", len(m.Statements))
			}
			st := m.Statements[c.stmt]
			if c.defs != "-" && join(st.Defs) != c.defs {
				t.Errorf("defs %v, want %s", st.Defs, c.defs)
			}
			if c.uses != "-" && join(st.Uses) != c.uses {
				t.Errorf("uses %v, want %s", st.Uses, c.uses)
			}
			if c.units != "-" {
				got := ""
				for i, u := range m.Units {
					if i > 0 {
						got += ";"
					}
					got += u.ID[len(m.ID)+1:] + ":" + lineRanges(u.Statements)
				}
				if got != c.units {
					t.Errorf("units %s, want %s (reason %v)", got, c.units, m.Reason)
				}
			}
		})
	}
}
