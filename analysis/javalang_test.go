package analysis

import (
	"context"
	"slices"
	"testing"
)

// TestOverrideAmongOverloadsOfJavaLangTypes: a class implementing test(Thread) of one
// interface and test(ThreadGroup) of another (commons-lang's ThreadUtils.NamePredicate)
// overrides each with the method of the same parameter type. With ThreadGroup unknown,
// ThreadPredicate#test(Thread) was linked to test(ThreadGroup) only, and every test reaching
// NamePredicate#test(Thread) through the interface was missed.
func TestOverrideAmongOverloadsOfJavaLangTypes(t *testing.T) {
	src := `package p;
public class Threads {
  public interface ThreadPredicate { boolean test(Thread t); }
  public interface GroupPredicate { boolean test(ThreadGroup g); }
  public static class Named implements ThreadPredicate, GroupPredicate {
    public boolean test(ThreadGroup g) { return true; }
    public boolean test(Thread t) { return true; }
  }
  // Types nobody can pin down (no import names them): the exact match still wins.
  public interface WidgetCheck { boolean check(Widget w); }
  public interface GadgetCheck { boolean check(Gadget g); }
  public static class Both implements WidgetCheck, GadgetCheck {
    public boolean check(Gadget g) { return true; }
    public boolean check(Widget w) { return true; }
  }
}
`
	snap, err := Build(context.Background(), "/m", MemorySource{Name: "m", Files: map[string][]byte{"src/main/java/p/Threads.java": []byte(src)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := BuildGraph(snap)
	targets := func(id string) []string {
		var out []string
		for _, e := range g.Callees(id) {
			if e.Kind == EdgeOverride || e.Kind == EdgeDispatch {
				out = append(out, e.To)
			}
		}
		slices.Sort(out)
		return out
	}
	if got, want := targets("p.Threads.ThreadPredicate#test(Thread)"), []string{"p.Threads.Named#test(Thread)"}; !slices.Equal(got, want) {
		t.Errorf("ThreadPredicate#test(Thread) overridden by %v, want %v", got, want)
	}
	if got, want := targets("p.Threads.GroupPredicate#test(ThreadGroup)"), []string{"p.Threads.Named#test(ThreadGroup)"}; !slices.Equal(got, want) {
		t.Errorf("GroupPredicate#test(ThreadGroup) overridden by %v, want %v", got, want)
	}
	if got, want := targets("p.Threads.WidgetCheck#check(Widget)"), []string{"p.Threads.Both#check(Widget)"}; !slices.Equal(got, want) {
		t.Errorf("WidgetCheck#check(Widget) overridden by %v, want %v", got, want)
	}
}
