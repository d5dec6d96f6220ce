package analysis

import (
	"maps"
	"testing"
)

// guardsByName maps node ids to their guarding test file, for comparing tables of graphs
// whose node numbers differ.
func guardsByName(g *Graph) map[string]string {
	t := g.guardTable()
	out := map[string]string{}
	for n := range t.file {
		if k := t.at(int32(n)); k != 0 {
			out[g.callers.ids.name(int32(n))] = t.files[k-1]
		}
	}
	return out
}

// TestGuardTableFollowsUpdates: the table an update derives from the previous graph's is
// the one a fresh build makes, through edits that add, remove and move instance members
// of test-declared types, make one static, and delete a test file.
func TestGuardTableFollowsUpdates(t *testing.T) {
	src := memSource{
		"src/main/java/g/Fn.java":     []byte("package g;\npublic interface Fn { double value(double x); }\n"),
		"src/main/java/g/Solver.java": []byte("package g;\npublic class Solver {\n  public static double solve(Fn f) { return f.value(1); }\n}\n"),
		"src/test/java/g/SquareTest.java": []byte(`package g;
public class SquareTest {
  static class Square implements Fn {
    public double value(double x) { return x * x; }
  }
  @org.junit.Test public void square() { Solver.solve(new Square()); }
}
`),
	}
	edits := []fileEdit{
		{path: "src/test/java/g/SquareTest.java", old: "  @org.junit.Test", new: "  static class Cube implements Fn {\n    public double value(double x) { return x * x * x; }\n  }\n  @org.junit.Test"},
		{path: "src/test/java/g/SquareTest.java", old: "    public double value(double x) { return x * x; }", new: "    public static double value(double x) { return x * x; }"},
		{path: "src/test/java/g/CubeTest.java", new: "package g;\npublic class CubeTest {\n  class Twice implements Fn {\n    public double value(double x) { return 2 * x; }\n  }\n}\n"},
		{path: "src/test/java/g/SquareTest.java", delete: true},
	}
	dir := "/guards"
	g := BuildGraph(snapshotFromSource(t, dir, src))
	if got := guardsByName(g); got["g.SquareTest.Square#value(double)"] != "src/test/java/g/SquareTest.java" {
		t.Fatalf("Square#value not guarded by its file: %v", got)
	}
	for i, e := range edits {
		src = applyFileEdit(t, src, e)
		s := snapshotFromSource(t, dir, src)
		want := guardsByName(BuildGraph(s))
		g = g.Update(s, []string{e.path})
		if g.guards.table == nil {
			t.Fatalf("edit %d: the update did not derive the table", i)
		}
		if got := guardsByName(g); !maps.Equal(got, want) {
			t.Errorf("edit %d (%s): derived guards %v, fresh build %v", i, e.path, got, want)
		}
	}
	if got := guardsByName(g); got["g.CubeTest.Twice#value(double)"] == "" || len(got) == 0 {
		t.Errorf("after the edits: %v", got)
	}
}

// TestReachFollowsDispatchByReceiverClass: commons-lang's StandardToStringStyle pattern. An
// edit of an override reaches the overridden method, and through it only the callers whose
// receiver may be an instance of the override's class: typed as that class, an ancestor or
// a subclass of it, or an interface. A call on a sibling class (this.m() in its constructor,
// or a parameter typed by it) and super.m() cannot run the override.
func TestReachFollowsDispatchByReceiverClass(t *testing.T) {
	src := memSource{
		"src/main/java/s/Style.java":    []byte("package s;\npublic class Style implements Ends {\n  public void setEnd(String e) { }\n  void describe() { setEnd(\"z\"); }\n}\n"),
		"src/main/java/s/Plain.java":    []byte("package s;\npublic class Plain extends Style {\n  public Plain() { setEnd(\"p\"); this.setEnd(\"q\"); }\n}\n"),
		"src/main/java/s/Ends.java":     []byte("package s;\npublic interface Ends {\n  void setEnd(String e);\n}\n"),
		"src/main/java/s/Standard.java": []byte("package s;\npublic class Standard extends Style {\n  @Override public void setEnd(String e) { System.out.println(e); }\n}\n"),
		"src/main/java/s/Fancy.java":    []byte("package s;\npublic class Fancy extends Standard {\n}\n"),
		"src/main/java/s/Json.java": []byte(`package s;
public class Json extends Style {
  public Json() { this.setEnd("}"); setEnd("]"); }
  @Override public void setEnd(String e) { super.setEnd(e); }
}
`),
		"src/main/java/s/Users.java": []byte(`package s;
public class Users {
  static void onStyle(Style s) { s.setEnd("a"); }
  static void onStandard(Standard s) { s.setEnd("b"); }
  static void onFancy(Fancy s) { s.setEnd("c"); }
  static void onEnds(Ends s) { s.setEnd("d"); }
  static void onJson(Json s) { s.setEnd("e"); }
  static void untyped() { make().setEnd("f"); }
  static Style make() { return new Json(); }
}
`),
	}
	g := BuildGraph(snapshotFromSource(t, "/dispatch", src))
	r := g.ReachFrom([]string{"s.Standard#setEnd(String)"})
	checkReach(t, r, map[string]bool{
		"s.Style#setEnd(String)":       true,
		"s.Users#onStyle(Style)":       true,
		"s.Users#onStandard(Standard)": true,
		"s.Users#onFancy(Fancy)":       true,
		"s.Users#onEnds(Ends)":         true,
		"s.Users#untyped()":            true, // typed Style by make()'s return type
		"s.Json#<init>()":              false,
		"s.Json#setEnd(String)":        false, // super.setEnd(e) runs Style's body
		"s.Users#onJson(Json)":         false,
		"s.Style#describe()":           true,  // this may be a Standard
		"s.Plain#<init>()":             false, // this is a Plain
	})
	// Style's own body reaches every caller, Json's included.
	r = g.ReachFrom([]string{"s.Style#setEnd(String)"})
	for _, id := range []string{"s.Json#<init>()", "s.Json#setEnd(String)", "s.Users#onJson(Json)", "s.Users#onStyle(Style)"} {
		if !r.Has(id) {
			t.Errorf("an edit of Style#setEnd does not reach %s", id)
		}
	}
}

// TestReachFollowsCallbacksByTheObjectsClass: commons-io's stream wrappers. A project stream
// made with new may be read by library code, which calls back the methods its class has;
// after an edit of BoundedStream#read, ProxyStream#read is reached for objects of
// BoundedStream only: making a TaggedStream (another subclass of ProxyStream) is not, making
// a BoundedStream, or a subclass of it, is.
func TestReachFollowsCallbacksByTheObjectsClass(t *testing.T) {
	src := memSource{
		"src/main/java/c/ProxyStream.java":   []byte("package c;\npublic class ProxyStream extends java.io.InputStream {\n  public int read() { return 0; }\n}\n"),
		"src/main/java/c/BoundedStream.java": []byte("package c;\npublic class BoundedStream extends ProxyStream {\n  @Override public int read() { return 1; }\n}\n"),
		"src/main/java/c/CountedStream.java": []byte("package c;\npublic class CountedStream extends BoundedStream {\n}\n"),
		"src/main/java/c/TaggedStream.java":  []byte("package c;\npublic class TaggedStream extends ProxyStream {\n}\n"),
		"src/main/java/c/Copies.java": []byte(`package c;
import java.io.*;
public class Copies {
  static int tagged() throws IOException { return new BufferedInputStream(new TaggedStream()).read(); }
  static int bounded() throws IOException { return new BufferedInputStream(new BoundedStream()).read(); }
  static int counted() throws IOException { return new BufferedInputStream(new CountedStream()).read(); }
  static int proxy(ProxyStream in) throws IOException { return new BufferedInputStream(in).read(); }
}
`),
	}
	g := BuildGraph(snapshotFromSource(t, "/callbacks", src))
	r := g.ReachFrom([]string{"c.BoundedStream#read()"})
	checkReach(t, r, map[string]bool{
		"c.ProxyStream#read()":        true,
		"c.Copies#bounded()":          true,
		"c.Copies#counted()":          true,
		"c.Copies#tagged()":           false,
		"c.Copies#proxy(ProxyStream)": false, // it makes nothing; the caller's object is followed where made
	})
	if !g.ReachFrom([]string{"c.ProxyStream#read()"}).Has("c.Copies#tagged()") {
		t.Error("an edit of ProxyStream#read does not reach the TaggedStream made")
	}
}

// TestReachFollowsTheObjectThroughThisCalls: the template method pattern (commons-io's
// AbstractFileFilter#accept(Path) calling this.accept(File)). After an edit of Fast#step,
// Template#run is affected only when it runs on a Fast, since it calls step() on its own
// object; so are its callers only where that object may be a Fast: not a Slow's go(), which
// calls run() on a Slow, nor a Slow-typed receiver. A subclass of Fast that calls
// super.run() runs the template on itself, a Fast, and is reached.
func TestReachFollowsTheObjectThroughThisCalls(t *testing.T) {
	src := memSource{
		"src/main/java/m/Template.java": []byte("package m;\npublic class Template {\n  public int run() { return step(); }\n  public int step() { return 0; }\n  public int twice() { return this.run() * 2; }\n}\n"),
		"src/main/java/m/Fast.java":     []byte("package m;\npublic class Fast extends Template {\n  @Override public int step() { return 1; }\n}\n"),
		"src/main/java/m/Faster.java":   []byte("package m;\npublic class Faster extends Fast {\n  @Override public int run() { return super.run() + 1; }\n}\n"),
		"src/main/java/m/Slow.java":     []byte("package m;\npublic class Slow extends Template {\n  @Override public int step() { return 2; }\n  public int go() { return run(); }\n}\n"),
		"src/main/java/m/Users.java": []byte(`package m;
public class Users {
  static int onTemplate(Template t) { return t.twice(); }
  static int onFast(Fast f) { return f.run(); }
  static int onFaster(Faster f) { return f.run(); }
  static int onSlow(Slow s) { return s.twice(); }
  static int viaGo(Slow s) { return s.go(); }
}
`),
	}
	g := BuildGraph(snapshotFromSource(t, "/template", src))
	r := g.ReachFrom([]string{"m.Fast#step()"})
	checkReach(t, r, map[string]bool{
		"m.Template#run()":             true,
		"m.Template#twice()":           true,
		"m.Users#onTemplate(Template)": true,
		"m.Users#onFast(Fast)":         true,
		"m.Faster#run()":               true, // super.run() on a Faster, which is a Fast
		"m.Users#onFaster(Faster)":     true,
		"m.Slow#go()":                  false,
		"m.Users#viaGo(Slow)":          false,
		"m.Users#onSlow(Slow)":         false,
	})
	// Template's own step runs for a Slow's go() too: Slow overrides step, but run()
	// itself changed.
	r = g.ReachFrom([]string{"m.Template#run()"})
	for _, id := range []string{"m.Slow#go()", "m.Users#viaGo(Slow)", "m.Users#onSlow(Slow)"} {
		if !r.Has(id) {
			t.Errorf("an edit of Template#run does not reach %s", id)
		}
	}
}

// checkReach checks which of the ids r reaches.
func checkReach(t *testing.T, r *Reached, want map[string]bool) {
	t.Helper()
	for id, w := range want {
		if got := r.Has(id); got != w {
			t.Errorf("%s reached = %v, want %v (chain %v)", id, got, w, r.Chain(id))
		}
	}
}

// TestReachFollowsRecursionOntoOtherClasses: JTS's quadtree. NodeBase#remove checks
// this.isSearchMatch, then calls remove on its subnodes, typed Node; the tree calls it on
// its Root. An edit of Node#isSearchMatch reaches the tree through that recursion: the
// root's remove runs the subnodes' remove, where this is a Node.
func TestReachFollowsRecursionOntoOtherClasses(t *testing.T) {
	src := memSource{
		"src/main/java/q/NodeBase.java": []byte(`package q;
public abstract class NodeBase {
  protected Node[] subnode = new Node[4];
  protected abstract boolean isSearchMatch(int env);
  public boolean remove(int env) {
    if (!isSearchMatch(env)) return false;
    for (int i = 0; i < 4; i++) {
      if (subnode[i] != null && subnode[i].remove(env)) return true;
    }
    return false;
  }
}
`),
		"src/main/java/q/Node.java": []byte("package q;\npublic class Node extends NodeBase {\n  protected boolean isSearchMatch(int env) { return env > 0; }\n}\n"),
		"src/main/java/q/Root.java": []byte("package q;\npublic class Root extends NodeBase {\n  protected boolean isSearchMatch(int env) { return true; }\n}\n"),
		"src/main/java/q/Quadtree.java": []byte(`package q;
public class Quadtree {
  private final Root root = new Root();
  public boolean remove(int env) { return root.remove(env); }
}
`),
	}
	g := BuildGraph(snapshotFromSource(t, "/quadtree", src))
	checkReach(t, g.ReachFrom([]string{"q.Node#isSearchMatch(int)"}), map[string]bool{
		"q.NodeBase#remove(int)": true,
		"q.Quadtree#remove(int)": true,
	})
}

// TestLoggerClassLiteralsReachNoMember: a class whose logger is named after it
// (LoggerFactory.getLogger(Ledger.class)) is initialized wherever it is used, and the class
// literal read as a reflective reach tied every use to every member of the class. A logging
// facade only reads the name; a class literal handed to other library code still reaches
// every member (it may reflect).
func TestLoggerClassLiteralsReachNoMember(t *testing.T) {
	src := memSource{
		"src/main/java/l/Ledger.java": []byte(`package l;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
public class Ledger {
  private static final Logger LOG = LoggerFactory.getLogger(Ledger.class);
  public static int total() { return 1; }
  public static int audit() { return 2; }
}
`),
		"src/main/java/l/Registered.java": []byte(`package l;
public class Registered {
  private static final Object KEY = com.acme.Registry.register(Registered.class);
  public static int total() { return 1; }
  public static int audit() { return 2; }
}
`),
		"src/main/java/l/Books.java": []byte(`package l;
public class Books {
  static int ledger() { return Ledger.total(); }
  static int registered() { return Registered.total(); }
}
`),
	}
	g := BuildGraph(snapshotFromSource(t, "/loggers", src))
	checkReach(t, g.ReachFrom([]string{"l.Ledger#audit()"}), map[string]bool{"l.Books#ledger()": false})
	checkReach(t, g.ReachFrom([]string{"l.Registered#audit()"}), map[string]bool{"l.Books#registered()": true})
}

// TestReflectionByAConstantName: commons-configuration's ConfigurationUtils#clone(T)
// invokes obj.getClass().getMethod(METHOD_CLONE) on a value of an unbounded type
// parameter, read as a lookup by a computed name on any class: every project member, and
// every test of the project for any change. The constant's value is the name: only the
// project's clone methods are reached. A constant whose value is not a literal stays a
// computed name.
func TestReflectionByAConstantName(t *testing.T) {
	src := memSource{
		"src/main/java/r/Utils.java": []byte(`package r;
import com.acme.Beans;
public final class Utils {
  private static final String METHOD_CLONE = "clone";
  private static final String COMPUTED = String.valueOf("size");
  static <T> Object copy(T obj) throws Exception { return obj.getClass().getMethod(METHOD_CLONE).invoke(obj); }
  static <T> Object other(T obj) throws Exception { return obj.getClass().getMethod(COMPUTED).invoke(obj); }
  static Object convert(Object value) { return Beans.convert(value.getClass(), "x"); }
}
`),
		"src/main/java/r/Sheet.java": []byte(`package r;
public class Sheet implements Cloneable {
  public Sheet clone() { return new Sheet(); }
  public int rows() { return 1; }
}
`),
	}
	g := BuildGraph(snapshotFromSource(t, "/constants", src))
	checkReach(t, g.ReachFrom([]string{"r.Sheet#clone()"}), map[string]bool{"r.Utils#copy(T)": true})
	checkReach(t, g.ReachFrom([]string{"r.Sheet#rows()"}), map[string]bool{
		"r.Utils#copy(T)":         false,
		"r.Utils#other(T)":        true,
		"r.Utils#convert(Object)": true,
	})
}
