package selection

import (
	"slices"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// TestArgumentProvidersSelectTheirTests: the arguments of a parameterized test are made by
// code outside its statements (commons-cli's ValueTest builds its parsers in a
// @MethodSource factory); a change only that code reaches must still select the test.
func TestArgumentProvidersSelectTheirTests(t *testing.T) {
	files := map[string]string{
		"src/main/java/q/Parser.java": `package q;
public class Parser {
  private final boolean strict;
  public Parser() { this.strict = true; }
  public Parser(boolean strict) { this.strict = strict; }
  public boolean parse(String s) { return strict ? !s.isEmpty() : true; }
}
`,
		"src/main/java/q/Kind.java": "package q;\npublic enum Kind { A, B; int weight() { return 1; } }\n",
		"src/test/java/q/ParserTest.java": `package q;
import static org.junit.jupiter.api.Assertions.*;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.*;
class ParserTest {
  static Stream<Parser> parsers() { return Stream.of(new Parser()); }
  static Stream<Parser> lenient() { return Stream.of(new Parser(false)); }
  @ParameterizedTest
  @MethodSource("parsers")
  void parses(Parser p) { assertTrue(p.parse("x")); }
  @ParameterizedTest
  @MethodSource
  void lenient(Parser p) { assertTrue(p.parse("")); }
  @ParameterizedTest
  @ValueSource(strings = {"a", "b"})
  void literal(String s) { assertFalse(s.isEmpty()); }
  @ParameterizedTest
  @EnumSource(Kind.class)
  void kinds(Kind k) { assertNotNull(k); }
}
`,
	}
	cases := []struct {
		name, file, old, new string
		want                 []string
	}{
		{"named factory", "src/main/java/q/Parser.java", "this.strict = true;", "this.strict = false;", []string{"q.ParserTest#parses"}},
		{"factory named like the test", "src/main/java/q/Parser.java", "this.strict = strict;", "this.strict = !strict;", []string{"q.ParserTest#lenient"}},
		{"enum source", "src/main/java/q/Kind.java", "return 1;", "return 2;", []string{"q.ParserTest#kinds"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := memSnapshot(t, files, nil)
			cur := memSnapshot(t, files, map[string][2]string{tc.file: {tc.old, tc.new}})
			d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			res := Select(Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur), Tests: d.Classes})
			var got []string
			for _, u := range res.Units {
				got = append(got, u.Test)
			}
			slices.Sort(got)
			got = slices.Compact(got)
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("%s not selected (got %v)", w, got)
				}
			}
			// Near miss: the literal-argument test runs no project code before its statements.
			if slices.Contains(got, "q.ParserTest#literal") {
				t.Errorf("literal-source test selected: %v", got)
			}
		})
	}
}
