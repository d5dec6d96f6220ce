package analysis

import (
	"fmt"
	"strings"
	"testing"
)

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

// TestLambdaArgs pins the lambda arguments with untyped parameters ScanRefs records: the
// call and argument position they are handed to, and the calls of their body.
func TestLambdaArgs(t *testing.T) {
	cases := []struct {
		code string
		want []LambdaArg
	}{
		{"m.forEach((k, v) -> v.go());", []LambdaArg{{Call: 0, Pos: 0, Params: []string{"k", "v"}, First: 1, End: 2}}},
		{"m.computeIfAbsent(key, k -> make(k)).add(1);", []LambdaArg{{Call: 0, Pos: 1, Params: []string{"k"}, First: 1, End: 2}}},
		{"xs.forEach(x -> { a(x); b(x); }); c();", []LambdaArg{{Call: 0, Pos: 0, Params: []string{"x"}, First: 1, End: 3}}},
		{"new Holder(x -> x.run());", []LambdaArg{{Call: 0, Pos: 0, Params: []string{"x"}, First: 1, End: 2}}},
		{"m.forEach((String k, Item v) -> v.go());", nil}, // typed parameters are declared locals
		{"Runnable r = () -> go();", nil}, // no parameters, no call around it
		{"switch (k) { case A -> go(); }", nil},
	}
	for _, c := range cases {
		src := []byte(c.code)
		got := ScanRefs(src, Lex(src, 0, len(src)), nil).Lambdas
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q: lambdas %+v, want %+v", c.code, got, c.want)
		}
	}
}

// TestMergeRefsMovesCallIndexes: the blocks of one initializer are merged into one
// member's references; what the later block says about its calls by index must name the
// same calls afterwards.
func TestMergeRefsMovesCallIndexes(t *testing.T) {
	scan := func(code string) Refs {
		src := []byte(code)
		return ScanRefs(src, Lex(src, 0, len(src)), nil)
	}
	a := scan("A.first(); B.second();")
	b := scan("make().run(); m.forEach((k, v) -> v.go());")
	m := mergeRefs(a, b)
	if got := m.Calls[3].Receiver; fmt.Sprint(got) != "[() 2]" {
		t.Errorf("run's receiver %v, want the result of make, call 2", got)
	}
	want := LambdaArg{Call: 4, Pos: 0, Params: []string{"k", "v"}, First: 5, End: 6}
	if len(m.Lambdas) != 1 || fmt.Sprint(m.Lambdas[0]) != fmt.Sprint(want) {
		t.Errorf("lambdas %+v, want %+v", m.Lambdas, want)
	}
	if !scan("Action a = x -> { };").FreeFns || !mergeRefs(a, scan("Action a = x -> { };")).FreeFns {
		t.Error("a later block's free lambda is lost in the merge")
	}
}

// TestCallResultArgs pins which arguments are recorded as a call's result ("()k", k the
// call's index: exactly a call, or a chain ending in one) or as a chain of names ("e.f");
// anything around them keeps the argument as it was summarized.
func TestCallResultArgs(t *testing.T) {
	src := []byte("max(a.length(), b.c().d(), x - y(), (z()), new Foo(), this.w(), e.f, g[i], h.k[i][j], m[i] + 1);")
	refs := ScanRefs(src, Lex(src, 0, len(src)), nil)
	var names []string
	for _, c := range refs.Calls {
		names = append(names, c.Name)
	}
	if got := fmt.Sprint(names); got != "[max length c d y z <init> w]" {
		t.Fatalf("calls %s", got)
	}
	want := []string{"()1", "()3", "", "", "new:Foo", "()7", "e.f", "#elem:1:g", "#elem:2:h.k", ""}
	got := refs.Calls[0].Args
	for i := range want {
		if i >= len(got) || !(got[i] == want[i] || want[i] == "" && !strings.HasPrefix(got[i], "()") && !strings.HasPrefix(got[i], elemArgPrefix)) {
			t.Errorf("argument %d: %q, want %q (all: %q)", i, got, want[i], got)
		}
	}
}
