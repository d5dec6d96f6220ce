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
