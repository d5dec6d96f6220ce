package selection

import (
	"slices"
	"testing"
)

// guardedFiles: production code dispatches to implementations of Fn, some of them declared
// in the test sources. Such an implementation runs only in tests that can create it.
var guardedFiles = map[string]string{
	"src/main/java/g/Fn.java": `package g;
public interface Fn { double value(double x); }
`,
	"src/main/java/g/Solver.java": `package g;
public class Solver {
  public static double solve(Fn f) { return f.value(1); }
}
`,
	"src/main/java/g/Heavy.java": `package g;
public class Heavy {
  public static double weight() { return 2; }
}
`,
	"src/test/java/g/SquareTest.java": `package g;
import static org.junit.Assert.*;
import org.junit.Test;
public class SquareTest {
  static class Square implements Fn {
    public double value(double x) { return Heavy.weight() * x * x; }
  }
  @Test public void square() { assertEquals(2, Solver.solve(new Square()), 0); }
}
`,
	"src/test/java/g/OtherTest.java": `package g;
import static org.junit.Assert.*;
import org.junit.Test;
public class OtherTest {
  @Test public void identity() { assertEquals(1, Solver.solve(x -> x), 0); }
}
`,
	// The object is made by a helper of another test file.
	"src/test/java/g/Fns.java": `package g;
public class Fns {
  static class Cube implements Fn {
    public double value(double x) { return Heavy.weight() * x * x * x; }
  }
  static Fn cube() { return new Cube(); }
}
`,
	"src/test/java/g/CubeTest.java": `package g;
import static org.junit.Assert.*;
import org.junit.Test;
public class CubeTest {
  @Test public void cube() { assertEquals(2, Solver.solve(Fns.cube()), 0); }
}
`,
	// The object is made in the abstract base class of the test class.
	"src/test/java/g/BaseFnTest.java": `package g;
public abstract class BaseFnTest {
  static class Twice implements Fn {
    public double value(double x) { return Heavy.weight() * 2 * x; }
  }
  protected Fn make() { return new Twice(); }
}
`,
	"src/test/java/g/TwiceTest.java": `package g;
import static org.junit.Assert.*;
import org.junit.Test;
public class TwiceTest extends BaseFnTest {
  @Test public void twice() { assertEquals(4, Solver.solve(make()), 0); }
}
`,
	// A subclass declared elsewhere inherits the method.
	"src/test/java/g/SubSquareTest.java": `package g;
import static org.junit.Assert.*;
import org.junit.Test;
public class SubSquareTest {
  static class Shifted extends SquareTest.Square { }
  @Test public void shifted() { assertEquals(2, Solver.solve(new Shifted()), 0); }
}
`,
}

// TestTestDeclaredTypesRunOnlyWhereCreated: a change under an instance method of a type
// declared in the test sources selects the tests that can create such an object (in their
// own file, through a helper, in an ancestor, as a subclass), not every test reaching the
// production code that dispatches to it.
func TestTestDeclaredTypesRunOnlyWhereCreated(t *testing.T) {
	res := selectEdit(t, guardedFiles, "src/main/java/g/Heavy.java", "return 2;", "return 3;", "", nil)
	var got []string
	for _, u := range res.Units {
		if !slices.Contains(got, u.Test) {
			got = append(got, u.Test)
		}
	}
	for _, want := range []string{"g.SquareTest#square", "g.CubeTest#cube", "g.TwiceTest#twice", "g.SubSquareTest#shifted"} {
		if !slices.Contains(got, want) {
			t.Errorf("%s not selected (got %v)", want, got)
		}
	}
	if slices.Contains(got, "g.OtherTest#identity") {
		t.Errorf("g.OtherTest#identity selected: it creates none of the test-declared functions (got %v)", got)
	}
	for _, u := range res.Units {
		if u.Test == "g.CubeTest#cube" && !slices.Contains(u.Via, "g.Fns.Cube#value(double)") {
			t.Errorf("CubeTest's via %v does not go through the Cube it creates", u.Via)
		}
	}
}

// freeLambdaFiles: a test makes a lambda of an interface with default methods by assigning
// it to a local, which initializes the interface and runs its static field initializers.
var freeLambdaFiles = map[string]string{
	"src/main/java/f/Action.java": `package f;
public interface Action {
  Action NOP = Setup.make();
  void run(int x);
  default Action twice() { return x -> { run(x); run(x); }; }
}
`,
	"src/main/java/f/Setup.java": `package f;
public class Setup {
  static Action make() { return x -> { }; }
}
`,
	"src/test/java/f/ActionTest.java": `package f;
import static org.junit.Assert.*;
import org.junit.Test;
public class ActionTest {
  @Test public void made() {
    Action a = x -> { };
    assertNotNull(a);
    int two = 1 + 1;
    assertEquals(2, two);
  }
}
`,
}

// TestFreeLambdaInitializesItsInterface: the statement making the lambda runs Action's
// static initializer (Action.NOP = Setup.make()), so a change there selects the assertion
// whose slice holds it, and not the one that only adds numbers.
func TestFreeLambdaInitializesItsInterface(t *testing.T) {
	res := selectEdit(t, freeLambdaFiles, "src/main/java/f/Setup.java", "return x -> { };", "return x -> { throw new IllegalStateException(); };", "", nil)
	got := unitIDs(res)
	if !slices.Contains(got, "f.ActionTest#made:7") {
		t.Errorf("the assertion on the lambda is not selected (got %v)", got)
	}
	if slices.Contains(got, "f.ActionTest#made:9") {
		t.Errorf("the assertion that only adds numbers is selected (got %v)", got)
	}
}

// libraryTypedFunctionFiles: Roll is a project interface over the JDK's IntUnaryOperator
// whose default applyAsInt stands for the library method; Dice holds the function as an
// IntUnaryOperator, so its call names no project type (commons-text's TextRandomProvider
// and RandomStringGenerator).
var libraryTypedFunctionFiles = map[string]string{
	"src/main/java/f/Roll.java": `package f;
import java.util.function.IntUnaryOperator;
public interface Roll extends IntUnaryOperator {
  @Override
  default int applyAsInt(int max) { return next(max); }
  int next(int max);
}
`,
	"src/main/java/f/Dice.java": `package f;
import java.util.function.IntUnaryOperator;
public class Dice {
  private final IntUnaryOperator random;
  public Dice(IntUnaryOperator random) { this.random = random; }
  public int roll() { return random.applyAsInt(6) + 1; }
}
`,
	"src/test/java/f/DiceTest.java": `package f;
import static org.junit.Assert.*;
import org.junit.Test;
public class DiceTest {
  @Test public void rolls() {
    Roll r = max -> 3;
    int two = 1 + 1;
    assertEquals(2, two);
    assertEquals(4, new Dice(r).roll());
  }
  @Test public void rollsAPlainFunction() {
    assertEquals(4, new Dice(max -> 3).roll());
  }
}
`,
}

// TestLibraryCallRunsTheDefaultOfAFunctionsProjectInterface: making a Roll lambda hands
// out an object whose applyAsInt is Roll's default, which Dice calls through the library
// type. Editing that default selects the assertion whose slice makes the Roll, not the
// one that only adds numbers, nor the test whose lambda is a plain IntUnaryOperator.
func TestLibraryCallRunsTheDefaultOfAFunctionsProjectInterface(t *testing.T) {
	res := selectEdit(t, libraryTypedFunctionFiles, "src/main/java/f/Roll.java", "return next(max);", "return next(max) + 1;", "", nil)
	got := unitIDs(res)
	if !slices.Contains(got, "f.DiceTest#rolls:9") {
		t.Errorf("the assertion on the dice rolled with a Roll is not selected (got %v)", got)
	}
	for _, no := range []string{"f.DiceTest#rolls:8", "f.DiceTest#rollsAPlainFunction:12"} {
		if slices.Contains(got, no) {
			t.Errorf("%s is selected, but it never makes a Roll (got %v)", no, got)
		}
	}
}

// untypedObjectMethodFiles: the test prints a Stamp it made through a library box, whose
// result is untyped; Ticket is another class with its own toString.
var untypedObjectMethodFiles = map[string]string{
	"src/main/java/f/Stamp.java": `package f;
public class Stamp {
  @Override public String toString() { return "stamp"; }
}
`,
	"src/main/java/f/Ticket.java": `package f;
public class Ticket {
  @Override public String toString() { return "ticket"; }
}
`,
	"src/test/java/f/StampTest.java": `package f;
import static org.junit.Assert.*;
import org.junit.Test;
import com.acme.Box;
public class StampTest {
  @Test public void prints() {
    Stamp s = new Stamp();
    int two = 1 + 1;
    assertEquals(2, two);
    assertEquals("stamp", Box.of(s).get().toString());
  }
}
`,
}

// TestObjectMethodOnAnUntypedValueFollowsTheObjectMade: toString() on an untyped value
// runs the toString of whatever object it holds; the slice of that assertion holds the
// statement making the Stamp, which depends on Stamp's toString. Another class's toString
// is not matched by name.
func TestObjectMethodOnAnUntypedValueFollowsTheObjectMade(t *testing.T) {
	got := unitIDs(selectEdit(t, untypedObjectMethodFiles, "src/main/java/f/Stamp.java", `"stamp"`, `"STAMP"`, "", nil))
	if !slices.Contains(got, "f.StampTest#prints:10") || slices.Contains(got, "f.StampTest#prints:9") {
		t.Errorf("Stamp#toString edited: got %v, want the printing assertion only", got)
	}
	if got := unitIDs(selectEdit(t, untypedObjectMethodFiles, "src/main/java/f/Ticket.java", `"ticket"`, `"TICKET"`, "", nil)); len(got) != 0 {
		t.Errorf("Ticket#toString edited: got %v, but no test makes a Ticket", got)
	}
}

// inheritedNestedFiles: commons-collections' pattern. An abstract test declares a @Nested
// class whose tests call the outer makeObject(); JUnit runs it inside each concrete
// subclass, whose makeObject() builds the production object. The nested class creates no
// StackTest itself, yet runs StackTest's makeObject().
var inheritedNestedFiles = map[string]string{
	"src/main/java/n/Stack.java": `package n;
public class Stack {
  private int size;
  public Stack() { size = 0; }
  public void push(int x) { size++; }
  public int size() { return size; }
}
`,
	"src/test/java/n/AbstractCollectionTest.java": `package n;
import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
public abstract class AbstractCollectionTest {
  public abstract Object makeObject();
  @Test public void makes() { assertNotNull(makeObject()); }
  @Nested
  public class Views {
    @Test public void viewOfANewObject() { assertNotNull(makeObject()); }
    @Test public void arithmetic() { assertEquals(2, 1 + 1); }
  }
}
`,
	"src/test/java/n/StackTest.java": `package n;
public class StackTest extends AbstractCollectionTest {
  private final Object seed = Seeds.make();
  @Override public Object makeObject() { return new Stack(); }
}
`,
	"src/main/java/n/Seeds.java": `package n;
public class Seeds {
  public static Object make() { return "seed"; }
}
`,
	"src/main/java/n/Queue.java": `package n;
public class Queue {
  public Queue() { }
}
`,
	"src/test/java/n/AbstractMapTest.java": `package n;
import org.junit.jupiter.api.Nested;
public abstract class AbstractMapTest {
  public abstract Object makeMap();
  @Nested
  public class KeysTest extends AbstractCollectionTest {
    @Override public Object makeObject() { return makeMap(); }
  }
}
`,
	"src/test/java/n/QueueMapTest.java": `package n;
public class QueueMapTest extends AbstractMapTest {
  @Override public Object makeMap() { return new Queue(); }
}
`,
	"src/test/java/n/OtherTest.java": `package n;
import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.Test;
public class OtherTest {
  @Test public void plain() { assertEquals(1, 1); }
}
`,
}

// TestInheritedNestedTestRunsTheConcreteOuterCode: editing Stack's constructor selects the
// nested view test (which runs StackTest's makeObject through its enclosing instance), not
// the nested test that only adds numbers, nor an unrelated test class.
func TestInheritedNestedTestRunsTheConcreteOuterCode(t *testing.T) {
	res := selectEdit(t, inheritedNestedFiles, "src/main/java/n/Stack.java", "size = 0;", "size = 1;", "", nil)
	got := unitTests(res)
	if !slices.Contains(got, "n.AbstractCollectionTest.Views#viewOfANewObject") {
		t.Errorf("the nested test running StackTest's makeObject is not selected (got %v)", got)
	}
	for _, no := range []string{"n.AbstractCollectionTest.Views#arithmetic", "n.OtherTest#plain"} {
		if slices.Contains(got, no) {
			t.Errorf("%s selected: %v", no, got)
		}
	}
	// Two levels: Views runs inside AbstractMapTest.KeysTest (a nested subclass of its
	// enclosing class), which runs inside QueueMapTest, whose makeMap makes the Queue.
	res = selectEdit(t, inheritedNestedFiles, "src/main/java/n/Queue.java", "public Queue() { }", "public Queue() { int x = 1; }", "", nil)
	got = unitTests(res)
	if !slices.Contains(got, "n.AbstractCollectionTest.Views#viewOfANewObject") {
		t.Errorf("the nested test running QueueMapTest's makeMap through KeysTest is not selected (got %v)", got)
	}
	if slices.Contains(got, "n.OtherTest#plain") {
		t.Errorf("an unrelated class is selected: %v", got)
	}
	// StackTest's field initializer builds every enclosing instance Views runs in, so all
	// of Views' tests run it (commons-collections' DefaultedMapTest field).
	got = unitTests(selectEdit(t, inheritedNestedFiles, "src/main/java/n/Seeds.java", `"seed"`, `"SEED"`, "", nil))
	for _, want := range []string{"n.AbstractCollectionTest.Views#viewOfANewObject", "n.AbstractCollectionTest.Views#arithmetic"} {
		if !slices.Contains(got, want) {
			t.Errorf("Seeds#make, run by StackTest's field initializer: %s not selected (got %v)", want, got)
		}
	}
	if slices.Contains(got, "n.OtherTest#plain") {
		t.Errorf("an unrelated class is selected: %v", got)
	}
}

// propertiesFiles: commons-collections' EmptyProperties overrides Properties#loadFromXML,
// and a test calls it through the factory's field, typed Properties.
var propertiesFiles = map[string]string{
	"src/main/java/q/Factory.java": `package q;
import java.io.InputStream;
import java.util.Properties;
public class Factory {
  public static final Properties EMPTY = new Empty();
  static class Empty extends Properties {
    @Override public synchronized void loadFromXML(InputStream in) {
      throw new UnsupportedOperationException();
    }
  }
}
`,
	"src/test/java/q/FactoryTest.java": `package q;
import static org.junit.Assert.*;
import java.io.ByteArrayInputStream;
import org.junit.Test;
public class FactoryTest {
  @Test public void rejectsXml() throws Exception {
    try {
      Factory.EMPTY.loadFromXML(new ByteArrayInputStream(new byte[0]));
      fail();
    } catch (UnsupportedOperationException expected) {
    }
  }
}
`,
}

// TestPropertiesOverridesAreCallbacks: Properties' own overridable methods (loadFromXML,
// storeToXML, save) belong to what a Properties subclass's creation depends on.
func TestPropertiesOverridesAreCallbacks(t *testing.T) {
	res := selectEdit(t, propertiesFiles, "src/main/java/q/Factory.java", "throw new UnsupportedOperationException();", "throw new IllegalStateException();", "", nil)
	if len(res.Units) == 0 {
		t.Errorf("editing Empty#loadFromXML selects nothing; FactoryTest calls it through Factory.EMPTY")
	}
}

// dispatchFiles: commons-lang's ToStringStyle pattern. Standard overrides Style#setEnd;
// Json does not, and sets its end in its constructor through this.
var dispatchFiles = map[string]string{
	"src/main/java/d/Style.java": `package d;
public class Style {
  protected String end = "";
  public void setEnd(String e) { end = e; }
  public String render(String s) { return s + end; }
}
`,
	"src/main/java/d/Standard.java": `package d;
public class Standard extends Style {
  @Override public void setEnd(String e) { super.setEnd(e == null ? "" : e); }
}
`,
	"src/main/java/d/Json.java": `package d;
public class Json extends Style {
  public Json() { this.setEnd("}"); }
}
`,
	"src/test/java/d/JsonTest.java": `package d;
import static org.junit.Assert.*;
import org.junit.Test;
public class JsonTest {
  @Test public void renders() { assertEquals("a}", new Json().render("a")); }
  @Test public void resets() { Json j = new Json(); j.setEnd("]"); assertEquals("a]", j.render("a")); }
}
`,
	"src/test/java/d/StandardTest.java": `package d;
import static org.junit.Assert.*;
import org.junit.Test;
public class StandardTest {
  @Test public void nullEnd() { Standard s = new Standard(); s.setEnd(null); assertEquals("a", s.render("a")); }
}
`,
	"src/test/java/d/AnyStyleTest.java": `package d;
import static org.junit.Assert.*;
import org.junit.Test;
public class AnyStyleTest {
  static Style make(boolean standard) { return standard ? new Standard() : new Style(); }
  @Test public void ends() { Style s = make(true); s.setEnd("!"); assertEquals("a!", s.render("a")); }
}
`,
}

// TestOverrideEditSelectsOnlyTestsWhoseObjectsMayRunIt: an edit of Standard#setEnd selects
// the test on a Standard and the one on a Style-typed value (which may be a Standard), not
// the Json tests, whose objects are never Standards.
func TestOverrideEditSelectsOnlyTestsWhoseObjectsMayRunIt(t *testing.T) {
	got := unitTests(selectEdit(t, dispatchFiles, "src/main/java/d/Standard.java", `e == null ? "" : e`, `e == null ? "-" : e`, "", nil))
	for _, want := range []string{"d.StandardTest#nullEnd", "d.AnyStyleTest#ends"} {
		if !slices.Contains(got, want) {
			t.Errorf("%s not selected (got %v)", want, got)
		}
	}
	for _, no := range []string{"d.JsonTest#renders", "d.JsonTest#resets"} {
		if slices.Contains(got, no) {
			t.Errorf("%s selected: its objects are Jsons (got %v)", no, got)
		}
	}
	// Style's own setEnd runs for every one of them.
	got = unitTests(selectEdit(t, dispatchFiles, "src/main/java/d/Style.java", "end = e;", "end = e + \"\";", "", nil))
	for _, want := range []string{"d.JsonTest#renders", "d.JsonTest#resets", "d.StandardTest#nullEnd", "d.AnyStyleTest#ends"} {
		if !slices.Contains(got, want) {
			t.Errorf("Style#setEnd edited: %s not selected (got %v)", want, got)
		}
	}
}
