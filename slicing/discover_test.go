package slicing

import (
	"bytes"
	"testing"
)

// TestDiscoverWithEditedSnapshot checks that DiscoverWith reads the bytes of a snapshot made
// with WithFile, and that Discover, whose Source still has the old bytes, does not slice
// with stale offsets but falls back to method units.
func TestDiscoverWithEditedSnapshot(t *testing.T) {
	s := fixture(t, "paper")
	const rel = "src/test/java/org/example/complex/ComplexTest.java"
	old, err := s.Source.Read(rel)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(old, []byte("        Complex z = x.negate();\n"),
		[]byte("        Complex z = x.negate();\n        Assert.assertEquals(5.0, x.abs(), 1.0e-9);\n"), 1)
	n := s.WithFile(rel, edited)
	read := func(r string) ([]byte, error) {
		if r == rel {
			return edited, nil
		}
		return s.Source.Read(r)
	}
	classes, err := DiscoverWith(n, read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := unitIDs(classes, "org.example.complex.ComplexTest#testNegate")
	want := []string{"org.example.complex.ComplexTest#testNegate:23", "org.example.complex.ComplexTest#testNegate:24",
		"org.example.complex.ComplexTest#testNegate:25"}
	if join(got) != join(want) {
		t.Errorf("edited units = %v, want %v", got, want)
	}
	stale, _ := Discover(n, Options{})
	for _, tc := range stale {
		for _, m := range tc.Methods {
			if m.Reason == nil || *m.Reason != "unparsed" {
				t.Errorf("%s sliced from stale bytes (reason %v)", m.ID, m.Reason)
			}
		}
	}
}

func unitIDs(classes []*TestClass, test string) []string {
	var out []string
	for _, tc := range classes {
		for _, m := range tc.Methods {
			if m.ID == test {
				for _, u := range m.Units {
					out = append(out, u.ID)
				}
			}
		}
	}
	return out
}

// TestDiscoveryTable pins the class-level facts of the rules fixture.
func TestDiscoveryTable(t *testing.T) {
	_, classes := discover(t, "rules", Options{})
	byID := map[string]*TestClass{}
	for _, c := range classes {
		byID[c.ID] = c
	}
	cases := []struct {
		class, reason string
		abstract      bool
		methods       int
	}{
		{"rules.AliasTest", "", false, 6},
		{"rules.ParameterizedRunnerTest", "parameterized", false, 1},
		{"rules.AbstractContractTest", "inherited", true, 2},
		{"rules.ZeroContractTest", "", false, 3},
		{"rules.SharedContractTest", "", false, 2},
		{"rules.CallsOtherTest", "calls-test", false, 2},
		{"rules.Junit3Test", "", false, 1},
		{"rules.Junit3ViaBaseTest", "", false, 1},
		{"rules.Junit5Test", "", false, 7},
		{"rules.Junit5Test.Inner", "", false, 1},
		{"rules.AllRulesSuite", "", false, 0},
	}
	for _, c := range cases {
		tc := byID[c.class]
		if tc == nil {
			t.Errorf("%s not discovered", c.class)
			continue
		}
		reason := ""
		if tc.Reason != nil {
			reason = *tc.Reason
		}
		if reason != c.reason || tc.Abstract != c.abstract || len(tc.Methods) != c.methods {
			t.Errorf("%s: reason %q abstract %v methods %d; want %q %v %d", c.class, reason, tc.Abstract, len(tc.Methods), c.reason, c.abstract, c.methods)
		}
	}
	if s := byID["rules.AllRulesSuite"]; s == nil || join(s.Suite) != "[rules.AliasTest,rules.HelperTest]" {
		t.Errorf("suite members not recorded: %+v", s)
	}
	if b := byID["rules.BaseCase"]; b != nil {
		t.Errorf("BaseCase has no tests but was discovered")
	}
}

// TestStatementCalls checks that statement calls carry their file lines and receivers.
func TestStatementCalls(t *testing.T) {
	_, classes := discover(t, "paper", Options{})
	for _, tc := range classes {
		for _, m := range tc.Methods {
			for _, st := range m.Statements {
				for _, c := range st.Calls {
					if c.Line < st.Line || c.Line > st.EndLine {
						t.Errorf("%s: call %s at line %d outside statement %d-%d", m.ID, c.Name, c.Line, st.Line, st.EndLine)
					}
				}
			}
			if m.ID == "org.example.complex.ComplexTest#testNegate" {
				c := m.Statements[1].Calls
				if len(c) != 1 || c[0].Name != "negate" || c[0].Line != 22 || join(c[0].Receiver) != "[x]" {
					t.Errorf("testNegate line 22 calls = %+v", c)
				}
			}
		}
	}
}
