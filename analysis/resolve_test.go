package analysis

import (
	"reflect"
	"slices"
	"testing"
)

// inlineGraph builds a graph from sources given in the test.
func inlineGraph(t *testing.T, files map[string]string) *Graph {
	t.Helper()
	src := memSource{}
	for p, c := range files {
		src[p] = []byte(c)
	}
	return BuildGraph(snapshotFromSource(t, "inline", src))
}

var overloadSources = map[string]string{
	"src/main/java/p/Fmt.java": `package p;
public class Fmt {
    public static String join(String sep, String... parts) { return sep; }
    public static String one(Item a) { return "item"; }
    public static String one(Box b) { return "box"; }
    public static String one(int n) { return "int"; }
}`,
	"src/main/java/p/Item.java": "package p;\npublic class Item { public int w() { return 1; } }",
	"src/main/java/p/Box.java":  "package p;\npublic class Box { public int w() { return 2; } public Item item() { return new Item(); } }",
	"src/main/java/p/Use.java":  "package p;\npublic class Use { void run() { } }",
}

func TestResolveCall(t *testing.T) {
	names := graphFixture(t, "names")
	dispatch := graphFixture(t, "dispatch")
	lambdas := graphFixture(t, "lambdas")
	inline := inlineGraph(t, overloadSources)
	cases := []struct {
		name   string
		g      *Graph
		ctx    string
		locals []LocalVar
		call   Call
		want   []string
	}{
		{"typed local", names, "app.NamesTest", []LocalVar{{Name: "b", Type: "Box"}},
			Call{Receiver: []string{"b"}, Name: "getItem"}, []string{"app.model.Box#getItem()"}},
		{"unknown receiver matches every method of the name", names, "app.NamesTest", nil,
			Call{Receiver: []string{"?"}, Name: "weight"}, []string{"app.model.Item#weight()", "app.other.Crate#weight()"}},
		{"lambda parameter is unknown", names, "app.NamesTest", []LocalVar{{Name: "x", Type: ""}},
			Call{Receiver: []string{"x"}, Name: "weight"}, []string{"app.model.Item#weight()", "app.other.Crate#weight()"}},
		{"local declared twice with different types is unknown", names, "app.NamesTest", []LocalVar{{Name: "v", Type: "Item"}, {Name: "v", Type: "Crate"}},
			Call{Receiver: []string{"v"}, Name: "weight"}, []string{"app.model.Item#weight()", "app.other.Crate#weight()"}},
		{"field of own type", names, "app.NamesTest", nil,
			Call{Receiver: []string{"box"}, Name: "getItem"}, []string{"app.model.Box#getItem()"}},
		{"unknown receiver also matches nested types' methods", names, "app.NamesTest", nil,
			Call{Receiver: []string{"?"}, Name: "size"}, []string{"app.model.Box.Lid#size()", "app.other.Crate#size()"}},
		{"dispatch includes subtype overrides", dispatch, "app.DispatchTest", []LocalVar{{Name: "s", Type: "Shape"}},
			Call{Receiver: []string{"s"}, Name: "area"}, []string{"app.Circle#area()", "app.Shape#area()"}},
		{"inherited declaration", dispatch, "app.DispatchTest", []LocalVar{{Name: "q", Type: "Square"}},
			Call{Receiver: []string{"q"}, Name: "area"}, []string{"app.Circle#area()", "app.Shape#area()"}},
		{"interface method implemented by a superclass", dispatch, "app.DispatchTest", []LocalVar{{Name: "r", Type: "Runner"}},
			Call{Receiver: []string{"r"}, Name: "run"}, []string{"app.BaseRunner#run()", "app.Runner#run()"}},
		{"interface default", dispatch, "app.DispatchTest", nil,
			Call{Receiver: []string{"new", "Dog"}, Name: "name"}, []string{"app.Named#name()"}},
		{"constructor", dispatch, "app.DispatchTest", nil,
			Call{Name: "<init>", New: "Circle", Arity: 1}, []string{"app.Circle#<init>(double)"}},
		{"implicit constructor", dispatch, "app.DispatchTest", nil,
			Call{Name: "<init>", New: "Dog"}, []string{"app.Dog#<init>()"}},
		{"overload by arity", lambdas, "app.LambdasTest", nil,
			Call{Receiver: []string{"Ops"}, Name: "twice", Arity: 2}, []string{"app.Ops#twice(int,int)"}},
		{"method reference takes every arity", lambdas, "app.LambdasTest", nil,
			Call{Receiver: []string{"Ops"}, Name: "twice", Arity: -1, MethRef: true}, []string{"app.Ops#twice(int)", "app.Ops#twice(int,int)"}},
		{"varargs accepts n-1 arguments", inline, "p.Use", nil,
			Call{Receiver: []string{"Fmt"}, Name: "join", Arity: 1}, []string{"p.Fmt#join(String,String[])"}},
		{"varargs accepts many arguments", inline, "p.Use", nil,
			Call{Receiver: []string{"Fmt"}, Name: "join", Arity: 4}, []string{"p.Fmt#join(String,String[])"}},
		{"overload by argument type", inline, "p.Use", []LocalVar{{Name: "b", Type: "Box"}},
			Call{Receiver: []string{"Fmt"}, Name: "one", Arity: 1, ArgNames: []string{"b"}}, []string{"p.Fmt#one(Box)"}},
		{"overload with unknown argument keeps all", inline, "p.Use", nil,
			Call{Receiver: []string{"Fmt"}, Name: "one", Arity: 1}, []string{"p.Fmt#one(Box)", "p.Fmt#one(Item)", "p.Fmt#one(int)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.g.ResolveCall(c.ctx, c.locals, c.call); !reflect.DeepEqual(got, c.want) {
				t.Errorf("ResolveCall = %v, want %v", got, c.want)
			}
		})
	}
}

func TestResolveCallsChain(t *testing.T) {
	g := inlineGraph(t, overloadSources)
	calls := []Call{
		{Receiver: []string{"new", "Box"}, Name: "item"},
		{Receiver: []string{"()", "0"}, Name: "w"},
	}
	got := g.ResolveCalls("p.Use", nil, calls)
	want := [][]string{{"p.Box#item()"}, {"p.Item#w()"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ResolveCalls = %v, want %v", got, want)
	}
	// Alone, the "()" receiver is unknown: every w() matches.
	if got := g.ResolveCall("p.Use", nil, calls[1]); !reflect.DeepEqual(got, []string{"p.Box#w()", "p.Item#w()"}) {
		t.Fatalf("ResolveCall of a call-result receiver = %v", got)
	}
}

func TestResolveNames(t *testing.T) {
	names := graphFixture(t, "names")
	fields := graphFixture(t, "fields")
	cases := []struct {
		name   string
		g      *Graph
		ctx    string
		locals []LocalVar
		in     []string
		want   []string
	}{
		{"inherited field of an enclosing type", names, "app.model.BigBox.Handle", nil, []string{"item"}, []string{"app.model.Box#item"}},
		{"local shadows field", names, "app.model.Box", []LocalVar{{Name: "item", Type: "int"}}, []string{"item"}, []string{}},
		{"qualified static field", fields, "app.Service", nil, []string{"Limits.MAX"}, []string{"app.Limits#MAX"}},
		{"qualified instance field through a field", fields, "app.Service", nil, []string{"limits.current"}, []string{"app.Limits#current", "app.Service#limits"}},
		{"unknown name matches every field of that name", fields, "app.Sizes", nil, []string{"current"}, []string{"app.Limits#current"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.g.ResolveNames(c.ctx, c.locals, c.in); !reflect.DeepEqual(got, c.want) {
				t.Errorf("ResolveNames = %v, want %v", got, c.want)
			}
		})
	}
}

func TestUncertainIsBounded(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 60; i++ {
		files["src/main/java/p/R"+string(rune('A'+i%26))+string(rune('a'+i/26))+".java"] =
			"package p;\npublic class R" + string(rune('A'+i%26)) + string(rune('a'+i/26)) + " {\n" +
				"  Object a(Object o, String n) throws Exception { return o.getClass().getMethod(n).invoke(o); }\n" +
				"  Object b(Object o, String n) throws Exception { return o.getClass().getField(n).get(o); }\n" +
				"  Object c(Object o, String n) throws Exception { return o.getClass().getDeclaredMethod(n).invoke(o); }\n" +
				"  Object d(Object o, String n) throws Exception { return o.getClass().getDeclaredField(n).get(o); }\n}\n"
	}
	u := inlineGraph(t, files).Uncertain()
	if len(u) == 0 || len(u) > maxUncertain+1 {
		t.Fatalf("Uncertain has %d entries, want 1..%d", len(u), maxUncertain+1)
	}
}

// TestOverloadWithANameOnlyALibraryImportBrings: Traversable#max() calls
// maxBy(Comparators.naturalComparator()) with java.util.* imported on demand, while a test
// nests an unrelated class named Comparator in the same package (vavr). That nested class
// is not in scope; matching it by name must not rule out maxBy(Comparator), whose parameter
// is java.util's (the edge was lost and an edit to maxBy(Comparator) selected none of the
// tests calling max()).
func TestOverloadWithANameOnlyALibraryImportBrings(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Seq.java": `package c;
import java.util.*;
import java.util.function.*;
public interface Seq<T> {
    default T max() { return maxBy(Orders.natural()); }
    default T maxBy(Comparator<? super T> c) { return null; }
    default <U> T maxBy(Function<? super T, ? extends U> f) { return null; }
}`,
		"src/main/java/c/Orders.java": `package c;
import java.util.Comparator;
final class Orders { static <U> Comparator<U> natural() { return null; } }`,
		"src/test/java/c/TrieTest.java": `package c;
public class TrieTest { static final class Comparator { } }`,
	})
	got := callees(g, "call", "c.Seq#max()")
	if !slices.Contains(got, "c.Seq#maxBy(Comparator)") {
		t.Errorf("max() calls %v, want maxBy(Comparator) among them", got)
	}
}

// TestOverloadWithAQualifiedParameter: BitSet.ofAll(java.util.stream.Stream<Integer>) sits
// beside ofAll(Iterable) in a package whose own Stream is a project class (vavr). Its
// parameter, written qualified, is the JDK's Stream: a JDK stream argument fits it, and
// the edge to it was lost while its simple name read as the project's Stream.
func TestOverloadWithAQualifiedParameter(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Stream.java": `package c;
public interface Stream<T> extends Iterable<T> { }`,
		"src/main/java/c/Bits.java": `package c;
public final class Bits {
    static Bits ofAll(Iterable<Integer> xs) { return null; }
    static Bits ofAll(java.util.stream.Stream<Integer> xs) { return null; }
    static Bits ofAll(int[] xs) { return null; }
}`,
		"src/main/java/c/Values.java": `package c;
public final class Values {
    static java.util.stream.Stream<Integer> javaStream() { return null; }
    static Bits make() { return Bits.ofAll(javaStream()); }
}`,
	})
	got := callees(g, "call", "c.Values#make()")
	if !slices.Contains(got, "c.Bits#ofAll(Stream)") {
		t.Errorf("make() calls %v, want ofAll(Stream) among them", got)
	}
}

// TestMethodReferenceOnAGenericType: Traversable<T>::singleOption names the method of a
// generic type through its type arguments (vavr's arrangeBy); the reference read ">" as
// its receiver and the edge was lost, so edits to singleOption selected nothing there.
func TestMethodReferenceOnAGenericType(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Seq.java": `package c;
import java.util.function.Function;
import java.util.Optional;
public interface Seq<T> {
    Optional<T> single();
    static <T> Function<Seq<T>, Optional<T>> picker() { return Seq<T>::single; }
    static <K> Function<K, Box<K>> boxer() { return Box<K>::new; }
    static boolean less(int a, int b) { return a < b && b > a; }
}`,
		"src/main/java/c/Box.java": `package c;
public final class Box<V> { Box(V v) { } }`,
	})
	got := callees(g, "method-ref", "c.Seq#picker()", "c.Seq#boxer()")
	for _, want := range []string{"c.Seq#single()", "c.Box#<init>(V)"} {
		if !slices.Contains(got, want) {
			t.Errorf("the method references call %v, want %s among them", got, want)
		}
	}
}

// TestLambdaParametersInParentheses: (result, future) -> result.flatMap(…) in a file that
// imports java.util.concurrent.* (vavr's Future.sequence). The parameters were no locals,
// so result read as a class that on-demand import might bring, and the call reached no
// project method: edits to Future#flatMap selected none of the sequence tests.
func TestLambdaParametersInParentheses(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Fut.java": `package c;
import java.util.concurrent.*;
import java.util.function.BiFunction;
import java.util.function.Function;
public interface Fut<T> {
    <U> Fut<U> flatMap(Function<? super T, ? extends Fut<? extends U>> f);
    <U> Fut<U> map(Function<? super T, ? extends U> f);
    static <T> BiFunction<Fut<T>, Fut<T>, Fut<T>> both() {
        final BiFunction<Fut<T>, Fut<T>, Fut<T>> f = (result, future) -> result.flatMap(x -> future.map(y -> y));
        return f;
    }
    static Object other(Object value) { return pending.size(); }
}`,
		"src/main/java/c/Box.java": `package c;
public final class Box { int size() { return 1; } }`,
	})
	got := callees(g, "call", "c.Fut#both()")
	for _, want := range []string{"c.Fut#flatMap(Function)", "c.Fut#map(Function)"} {
		if !slices.Contains(got, want) {
			t.Errorf("both() calls %v, want %s among them", got, want)
		}
	}
	other := callees(g, "", "c.Fut#other(Object)")
	if !slices.Contains(other, "c.Box#size()") {
		t.Errorf("other(Object) calls %v: an undeclared lower-case receiver must stay unknown (Box#size among them)", other)
	}
}

// callees lists what the members ids reach by edges of kind ("" for any kind).
func callees(g *Graph, kind string, ids ...string) []string {
	var out []string
	for _, id := range ids {
		for _, e := range g.Callees(id) {
			if kind == "" || e.Kind == kind {
				out = append(out, e.To)
			}
		}
	}
	return out
}

// TestUseBeforeALocalOfTheSameName: a name used above the declaration of a local of the
// same name is the field (Java scopes a local from its declaration on). s2-geometry's
// S2PointIndexTest#testEntryEquality calls data.getRandomPoint() on its field data, then
// declares int data: the call was typed on the int and reached nothing.
func TestUseBeforeALocalOfTheSameName(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Gen.java": `package c;
public final class Gen { public int point() { return 4; } }`,
		"src/test/java/c/GenTest.java": `package c;
public class GenTest {
    private final Gen data = new Gen();
    private final Gen[] more = {};
    void entries() {
        int p = data.point();
        int data = 10;
        System.out.println(p + data);
    }
    void after() {
        int data = 10;
        System.out.println(data);
    }
    void names() {
        Object o = more;
        int more = 2;
    }
}`,
	})
	if got := callees(g, "call", "c.GenTest#entries()"); !slices.Contains(got, "c.Gen#point()") {
		t.Errorf("entries() calls %v, want c.Gen#point() (data above its local declaration is the field)", got)
	}
	if got := callees(g, "", "c.GenTest#after()"); slices.Contains(got, "c.GenTest#data") {
		t.Errorf("after() reaches %v: data below its local declaration is the local, not the field", got)
	}
	if got := callees(g, "field-read", "c.GenTest#names()"); !slices.Contains(got, "c.GenTest#more") {
		t.Errorf("names() reads %v, want the field c.GenTest#more (read above the local more)", got)
	}
}

// TestObjectsHandedOnAsObjects: a test handing a production object to a project method
// that takes an Object depends on the object's instance methods (and its subtypes'), which
// that code may find by a computed name: jodd's BeanUtil.declared.getProperty(systemInfo,
// name) ran SystemInfo's getters through its introspector, and the audit missed 11 of them.
// A typed parameter, a production caller and a test object (testObjectMethods' own) do not.
func TestObjectsHandedOnAsObjects(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Beans.java": `package c;
public final class Beans {
    public static String get(Object bean, String name) { return bean.getClass().getName() + name; }
    public static <T> T same(T bean) { return bean; }
    public static String typed(Info info, String name) { return name; }
}`,
		"src/main/java/c/Info.java": `package c;
public class Info {
    public String getVersion() { return "1"; }
    public static Info make() { return new Info(); }
}`,
		"src/main/java/c/MoreInfo.java": `package c;
public class MoreInfo extends Info { public String getVendor() { return "v"; } }`,
		"src/main/java/c/Uses.java": `package c;
public class Uses { String use(Info i) { return Beans.get(i, "version"); } }`,
		"src/test/java/c/InfoTest.java": `package c;
import org.junit.jupiter.api.Test;
class InfoTest {
    @Test void byName() { Info info = Info.make(); Beans.get(info, "version"); }
    @Test void generic() { Info info = Info.make(); Beans.same(info); }
    @Test void typed() { Info info = Info.make(); Beans.typed(info, "version"); }
}`,
	})
	for _, c := range []struct {
		id   string
		want bool
	}{
		{"c.InfoTest#byName()", true},
		{"c.InfoTest#generic()", true},
		{"c.InfoTest#typed()", false},
		{"c.Uses#use(Info)", false},
	} {
		got := callees(g, "callback", c.id)
		for _, m := range []string{"c.Info#getVersion()", "c.MoreInfo#getVendor()"} {
			if slices.Contains(got, m) != c.want {
				t.Errorf("%s calls back %v: %s among them is %v, want %v", c.id, got, m, !c.want, c.want)
			}
		}
		if slices.Contains(got, "c.Info#make()") {
			t.Errorf("%s calls back the static c.Info#make()", c.id)
		}
	}
}

// TestSingleStaticImportsShadowOnDemandOnes: a static member imported by name hides the
// members of that name an on-demand static import brings. JTS's HilbertCodeTest imports
// HilbertCode.* and MortonCode.level: level(1) is MortonCode's, and the audit missed
// MortonCode#level, #size and #checkLevel (15 statements each). A library's imported by
// name hides the project's on-demand ones too.
func TestSingleStaticImportsShadowOnDemandOnes(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Hilbert.java": `package c;
public final class Hilbert {
    public static int level(int n) { return n; }
    public static int size(int n) { return n; }
    public static void assertOk(boolean b) {}
}`,
		"src/main/java/c/Morton.java": `package c;
public final class Morton { public static int level(int n) { return n + 1; } }`,
		"src/test/java/c/CodeTest.java": `package c;
import static c.Hilbert.*;
import static c.Morton.level;
import static org.junit.Assert.assertOk;
class CodeTest {
    void levels() { int l = level(1); int s = size(2); assertOk(l > s); }
}`,
	})
	got := callees(g, "call", "c.CodeTest#levels()")
	for id, want := range map[string]bool{"c.Morton#level(int)": true, "c.Hilbert#size(int)": true,
		"c.Hilbert#level(int)": false, "c.Hilbert#assertOk(boolean)": false} {
		if slices.Contains(got, id) != want {
			t.Errorf("levels() calls %v: %s among them is %v, want %v", got, id, !want, want)
		}
	}
}

// TestLambdaParametersOfAProjectCollection: a project class extending a library collection
// with a type argument hands lambdas its elements: commons-configuration's ExprLookup runs
// variables.forEach(var -> ctx.set(var.getName(), …)) on a Variables extends
// ArrayList<Variable>, and var.getName() matched every project getName (most of its suite
// for any edit of one). A generic subclass (Bag<T> extends ArrayList<T>) says nothing of
// its elements: matched by name, as before.
func TestLambdaParametersOfAProjectCollection(t *testing.T) {
	g := inlineGraph(t, map[string]string{
		"src/main/java/c/Lookup.java": `package c;
import java.util.ArrayList;
public class Lookup {
    public static class Variable { public String getName() { return "v"; } }
    public static class Variables extends ArrayList<Variable> {}
    public static class Bag<T> extends ArrayList<T> {}
    private final Variables variables = new Variables();
    private final Bag<Variable> bag = new Bag<>();
    void names(StringBuilder b) { variables.forEach(var -> b.append(var.getName())); }
    void bagged(StringBuilder b) { bag.forEach(x -> b.append(x.getName())); }
}`,
		"src/main/java/c/Declaration.java": `package c;
public class Declaration { public String getName() { return "d"; } }`,
	})
	names := callees(g, "", "c.Lookup#names(StringBuilder)")
	if !slices.Contains(names, "c.Lookup.Variable#getName()") || slices.Contains(names, "c.Declaration#getName()") {
		t.Errorf("names() reaches %v, want Variable#getName and not Declaration#getName", names)
	}
	if bagged := callees(g, "", "c.Lookup#bagged(StringBuilder)"); !slices.Contains(bagged, "c.Declaration#getName()") {
		t.Errorf("bagged() reaches %v: a generic subclass's elements must stay unknown (Declaration#getName among them)", bagged)
	}
}
