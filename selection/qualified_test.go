package selection

import (
	"slices"
	"testing"

	"github.com/assertlens/assertlens/slicing"
)

// TestQualifiedNestedTypesResolve: "extends AbstractFormatter.Builder" inside a class whose
// own nested type is also called Builder, and a field of type "Options.Builder" in a class
// declaring another Builder, must reach the types written, not the like-named one in scope
// (commons-cli's help formatters: 70 statements the audit found missed).
func TestQualifiedNestedTypesResolve(t *testing.T) {
	files := map[string]string{
		"src/main/java/h/AbstractFormatter.java": `package h;
public abstract class AbstractFormatter {
  protected final Options.Builder options = new Options.Builder();
  public abstract static class Builder implements java.util.function.Supplier<String> {
    protected int width;
    protected Builder() { width = 74; }
    public String get() { return ""; }
  }
  public String render(String s) { return options.build(s); }
}
`,
		"src/main/java/h/Formatter.java": `package h;
public class Formatter extends AbstractFormatter {
  public static class Builder extends AbstractFormatter.Builder {
    protected Builder() { }
    public int width() { return width; }
  }
  public static Builder builder() { return new Builder(); }
}
`,
		"src/main/java/h/Options.java": `package h;
public class Options {
  public static class Builder {
    public String build(String s) { return "[" + s + "]"; }
  }
}
`,
		"src/test/java/h/FormatterTest.java": `package h;
import static org.junit.Assert.*;
import org.junit.Test;
public class FormatterTest {
  @Test public void width() { assertEquals(74, Formatter.builder().width()); }
  @Test public void render() { assertEquals("[x]", new Formatter().render("x")); }
}
`,
	}
	cases := []struct {
		name, file, old, new string
		want                 string
	}{
		{"implicit super() of a qualified nested superclass", "src/main/java/h/AbstractFormatter.java", "width = 74;", "width = 80;", "h.FormatterTest#width"},
		{"field of a qualified nested type", "src/main/java/h/Options.java", `"[" + s + "]"`, `"(" + s + ")"`, "h.FormatterTest#render"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := selectEdit(t, files, tc.file, tc.old, tc.new, "", nil)
			var got []string
			for _, u := range res.Units {
				got = append(got, u.Test)
			}
			if !slices.Contains(got, tc.want) {
				t.Fatalf("%s not selected (got %v)", tc.want, got)
			}
		})
	}
}

// TestFieldInAReceiverChainIsAStatementTarget: Pred.TRUE.negate() reads Pred.TRUE while
// typing the receiver of negate(); the statement must depend on the field, or a change to
// its initializer misses the assertion (commons-lang's FailableTest#testBiPredicateNegate,
// once chain-middle names stopped matching fields by name).
func TestFieldInAReceiverChainIsAStatementTarget(t *testing.T) {
	files := map[string]string{
		"src/main/java/p/Pred.java": `package p;
public interface Pred {
  Pred TRUE = x -> true;
  boolean test(Object x);
  default Pred negate() { return x -> !test(x); }
  static Pred truePredicate() { return TRUE; }
}
`,
		"src/test/java/p/PredTest.java": `package p;
import static org.junit.Assert.*;
import org.junit.Test;
public class PredTest {
  @Test public void negate() {
    assertFalse(Pred.TRUE.negate().test(null));
    assertTrue(Pred.truePredicate().test(null));
  }
}
`,
	}
	res := selectEdit(t, files, "src/main/java/p/Pred.java", "x -> true;", "x -> x == null;", slicing.LevelAssertion, nil)
	var got []string
	for _, u := range res.Units {
		got = append(got, u.ID)
	}
	if want := []string{"p.PredTest#negate:6", "p.PredTest#negate:7"}; !slices.Equal(got, want) {
		t.Fatalf("selected %v, want %v", got, want)
	}
}

// TestCallsOnBlockLocalsAreStatementTargets: a local declared in a bare block (or a loop's
// or a try's body, which slicing flattens) types the calls of the block's statements;
// only the body's top-level locals did. Here the untyped receiver was read as the first
// block's name, selecting that block's assertion too (the test fails without the rule on
// line 11); in jackson-core's JDKSerializabilityTest the same statements were not
// selected at all (assertFalse(orig.usesPadding()) in a second block, 3 statements the
// audit found missed, now selected), a path this small fixture does not reproduce.
func TestCallsOnBlockLocalsAreStatementTargets(t *testing.T) {
	files := map[string]string{
		"src/main/java/v/Variant.java": `package v;
public final class Variant {
  public static final Variant PEM = new Variant(false);
  private final boolean padding;
  private Variant(boolean padding) { this.padding = padding; }
  public boolean usesPadding() { return padding; }
  public Variant withPadding(boolean p) { return new Variant(p); }
}
`,
		"src/test/java/v/VariantTest.java": `package v;
import java.io.*;
import static org.junit.Assert.*;
import org.junit.Test;
public class VariantTest {
  @Test public void padding() throws Exception
  {
    {
      Variant orig = Variant.PEM;
      byte[] stuff = new byte[] { 1 };
      assertNotNull(orig);
    }

    // and then with a twist
    {
      Variant orig = Variant.PEM;
      assertFalse(orig.usesPadding());
      Variant mod = orig.withPadding(true);
      assertTrue(mod.usesPadding());
    }
  }
}
`,
	}
	res := selectEdit(t, files, "src/main/java/v/Variant.java", "return padding;", "return !padding;", slicing.LevelAssertion, nil)
	var lines []int
	for _, u := range res.Units {
		lines = append(lines, u.Line)
	}
	for _, want := range []int{17, 19} {
		if !slices.Contains(lines, want) {
			t.Errorf("the assertion at line %d calling usesPadding on a block's local is not selected (units at %v)", want, lines)
		}
	}
	if slices.Contains(lines, 11) {
		t.Errorf("the first block's assertNotNull is selected (units at %v)", lines)
	}
}
