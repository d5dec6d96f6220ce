package selection

import (
	"slices"
	"testing"
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
  public Parser(String mode) { this.strict = mode.equals("strict"); }
  public Parser(int level, int max) { this.strict = level > 0 && max > 0; }
  public Parser(char sep) { this.strict = sep != ' '; }
  public boolean parse(String s) { return strict ? !s.isEmpty() : true; }
}
`,
		"src/test/java/q/Factories.java": `package q;
import java.util.stream.Stream;
public class Factories {
  public static final String LEVELS = "q.Factories#levels";
  static Stream<Parser> levels() { return Stream.of(new Parser(1, 2)); }
  public static final String PREFIX = "q.Factories#";
  static Stream<Parser> separated() { return Stream.of(new Parser(',')); }
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
  static final String BY_MODE = "byMode";
  static Stream<Parser> byMode() { return Stream.of(new Parser("strict")); }
  @ParameterizedTest
  @MethodSource(BY_MODE)
  void moded(Parser p) { assertTrue(p.parse("x")); }
  @ParameterizedTest
  @MethodSource(value = Factories.LEVELS)
  void leveled(Parser p) { assertTrue(p.parse("x")); }
  static final String ARGS = "q.Factories#";
  @ParameterizedTest
  @MethodSource(ARGS + "separated")
  void concatenated(Parser p) { assertTrue(p.parse("x")); }
  @ParameterizedTest
  @MethodSource({"parsers", Factories.PREFIX + "separated"})
  void qualifiedConcatenation(Parser p) { assertTrue(p.parse("x")); }
  @ParameterizedTest
  @MethodSource(Elsewhere.NAME)
  void unreadable(Parser p) { assertTrue(p.parse("x")); }
  @ParameterizedTest
  @ValueSource(classes = {Parser.class})
  void instantiated(Class<?> c) throws Exception { assertNotNull(c.getConstructor(int.class, int.class)); }
  static Stream<Object[]> grid() { return Stream.of(new Object[] {new Parser("grid")}); }
  @CartesianTest
  @CartesianTest.MethodFactory("grid")
  void cartesian(Parser p) { assertTrue(p.parse("x")); }
  @ParameterizedTest
  @ValueSource(strings = {"a", "b"})
  void literal(String s) { assertFalse(s.isEmpty()); }
  @ParameterizedTest
  @EnumSource(Kind.class)
  void kinds(Kind k) { assertNotNull(k); }
  @ParameterizedTest
  @EnumSource(mode = EnumSource.Mode.EXCLUDE, names = {"B"})
  void parameterKinds(Kind k) { assertNotNull(k); }
}
`,
	}
	cases := []struct {
		name, file, old, new string
		want                 []string
	}{
		{"named factory", "src/main/java/q/Parser.java", "this.strict = true;", "this.strict = false;", []string{"q.ParserTest#parses"}},
		{"factory named like the test", "src/main/java/q/Parser.java", "this.strict = strict;", "this.strict = !strict;", []string{"q.ParserTest#lenient"}},
		{"enum source", "src/main/java/q/Kind.java", "return 1;", "return 2;", []string{"q.ParserTest#kinds", "q.ParserTest#parameterKinds"}},
		{"enum source naming no enum: the parameter's type (threeten-extra's AccountingYearDivision)", "src/main/java/q/Kind.java", "A, B;", "A, B, C;",
			[]string{"q.ParserTest#kinds", "q.ParserTest#parameterKinds"}},
		{"factory named by a constant", "src/main/java/q/Parser.java", `mode.equals("strict")`, `mode.equals("lax")`, []string{"q.ParserTest#moded", "q.ParserTest#unreadable"}},
		{"classes a value source hands to the test", "src/main/java/q/Parser.java", "level > 0 &&", "level > 2 &&", []string{"q.ParserTest#instantiated"}},
		{"JUnit Pioneer's method factory", "src/main/java/q/Parser.java", `mode.equals("strict")`, `mode.equals("lax")`, []string{"q.ParserTest#cartesian"}},
		{"factory named by another class's constant", "src/main/java/q/Parser.java", "level > 0 &&", "level > 1 &&", []string{"q.ParserTest#leveled"}},
		{"factory named by a concatenation of constants and literals (commons-io's ARGS + \"visitors\")", "src/main/java/q/Parser.java", "sep != ' '", "sep == ' '",
			[]string{"q.ParserTest#concatenated", "q.ParserTest#qualifiedConcatenation"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := selectEdit(t, files, tc.file, tc.old, tc.new, "", nil)
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
			// Near miss: the literal-argument test runs no project code before its statements,
			// and a constant names one factory, not every one.
			for _, never := range []string{"q.ParserTest#literal", "q.ParserTest#kinds", "q.ParserTest#parameterKinds"} {
				if slices.Contains(got, never) && !slices.Contains(tc.want, never) {
					t.Errorf("%s selected: %v", never, got)
				}
			}
			if tc.name == "factory named by a constant" && slices.Contains(got, "q.ParserTest#leveled") {
				t.Errorf("leveled selected by byMode's constructor: %v", got)
			}
		})
	}
}
