package analysis

import "testing"

func TestGraphStats(t *testing.T) {
	st := graphFixture(t, "hubs").Stats(5)
	if st.Edges == 0 || st.EdgesByKind[EdgeCallback] == 0 || st.EdgesByKind[EdgeStaticInit] == 0 {
		t.Errorf("edge counts missing: %d edges, by kind %v", st.Edges, st.EdgesByKind)
	}
	sum := 0
	for _, n := range st.EdgesByKind {
		sum += n
	}
	if sum != st.Edges {
		t.Errorf("edges by kind sum to %d, want %d", sum, st.Edges)
	}
	// Panel extends javax.swing.JComponent, which the callback table does not know; Items'
	// ArrayList, AppException's RuntimeException and Level's Enum are known.
	if want := map[string]int{"JComponent": 1}; len(st.UnknownLibrarySupertypes) != 1 || st.UnknownLibrarySupertypes["JComponent"] != 1 {
		t.Errorf("unknown library supertypes = %v, want %v", st.UnknownLibrarySupertypes, want)
	}
	if len(st.WidestReach) == 0 || len(st.WidestReach) > 5 {
		t.Fatalf("widest reach has %d entries, want 1..5", len(st.WidestReach))
	}
	for i := 1; i < len(st.WidestReach); i++ {
		if st.WidestReach[i].Reach > st.WidestReach[i-1].Reach {
			t.Errorf("widest reach not sorted: %v", st.WidestReach)
		}
	}
	top := st.WidestReach[0]
	if got := graphFixture(t, "hubs").ReachFrom([]string{top.ID}).Len(); got != top.Reach {
		t.Errorf("reach of %s = %d, stats say %d", top.ID, got, top.Reach)
	}

	rs := graphFixture(t, "receivers").Stats(20)
	if rs.UncertainByReason[WhyReceiverUnknown] == 0 {
		t.Errorf("uncertain by reason = %v, want a %q edge", rs.UncertainByReason, WhyReceiverUnknown)
	}
}

// TestResolveCallsIncludeClassInitialization checks that the targets of a statement's calls,
// as selection uses them, include the class initialization a static call triggers, now
// that the type node no longer leads to it.
func TestResolveCallsIncludeClassInitialization(t *testing.T) {
	g := graphFixture(t, "constructors")
	calls := []Call{{Name: "get", Receiver: []string{"Config"}, Arity: 1, Args: []string{"#String"}}}
	got := g.ResolveCalls("app.ConstructorsTest", nil, calls)[0]
	for _, want := range []string{"app.Config#get(String)", "app.Config#<clinit>", "app.Config#MODE", "app.Config#VALUES"} {
		if !hasString(got, want) {
			t.Errorf("ResolveCalls(Config.get) = %v, missing %s", got, want)
		}
	}
	fields := g.ResolveFields("app.ConstructorsTest", nil, nil, nil, []Select{{Receiver: []string{"Config"}, Name: "MODE"}})
	if !hasString(fields, "app.Config#<clinit>") {
		t.Errorf("ResolveFields(Config.MODE) = %v, missing the class initialization", fields)
	}
}
