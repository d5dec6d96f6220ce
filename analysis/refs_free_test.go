package analysis

import "testing"

// TestFreeFunctions pins which lambdas and method references count as written outside call
// arguments (Refs.FreeFns): their interface is made where the code assigns, casts or
// returns them, not where a callee's parameter types say.
func TestFreeFunctions(t *testing.T) {
	cases := []struct {
		code string
		want bool
	}{
		{"run(x -> x + 1);", false},
		{"run(Foo::bar, 2);", false},
		{"new Holder(x -> { });", false},
		{"new Holder<>(Foo::bar);", false},
		{"run(x -> { go(y -> y); });", false}, // the inner one is go's argument
		{"Action a = x -> { };", true},
		{"Action a = Foo::bar;", true},
		{"return x -> x;", true},
		{"handler = (a, b) -> a;", true},
		{"Object o = (Action) x -> { };", true},
		{"run(flag ? null : () -> 1);", false},
		{"Action[] all = { x -> { } };", true},
		{"run(x -> { Action a = y -> { }; });", true}, // a local inside a lambda body
		{"if (ok) { a = this::m; }", true},
		{"switch (k) { case A -> go(); default -> stop(); }", false},
		{"switch (k) { case A, B -> go(); case C -> x = y; }", false},
		{"int n = switch (k) { case 1 -> 2; default -> 3; };", false},
	}
	for _, c := range cases {
		src := []byte(c.code)
		if got := ScanRefs(src, Lex(src, 0, len(src)), nil).FreeFns; got != c.want {
			t.Errorf("%q: FreeFns %v, want %v", c.code, got, c.want)
		}
	}
}
