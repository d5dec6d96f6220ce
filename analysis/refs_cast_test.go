package analysis

import (
	"slices"
	"testing"
)

// TestCastReceivers checks how parenthesised and indexed receivers are recorded: a cast
// applied to its whole operand types the receiver by the cast; a parenthesised primary is
// what it holds (the same object, whatever a cast inside says); anything with an operator
// stays unknown ("?"). Call results are numbered by their place in Refs.Calls.
func TestCastReceivers(t *testing.T) {
	cases := []struct {
		expr string
		want []string
	}{
		{"((Foo) x).m()", []string{CastReceiver, "Foo"}},
		{"((a.b.Foo) x).m()", []string{CastReceiver, "a.b.Foo"}},
		{"((Map<String, List<Foo>>) x).m()", []string{CastReceiver, "Map"}},
		{"((Foo[]) x).m()", []string{CastReceiver, "Foo[]"}},
		{"((Foo) a.b(c + 1, d)[i]).m()", []string{CastReceiver, "Foo"}},
		{"((Foo) (x)).m()", []string{CastReceiver, "Foo"}},
		{"((Supplier<Foo>) Foo::new).m()", []string{CastReceiver, "Supplier"}},
		{"((Foo) a + b).m()", []string{"?"}},
		{"((Flag) f ? x : y).m()", []string{"?"}},
		{"((Foo) a instanceof Bar).m()", []string{"?"}},
		{"((int) x).m()", []string{"x"}},
		{"((a)).m()", []string{"a"}},
		{"((a) + b).m()", []string{"?"}},
		{"((@NonNull Foo) x).m()", []string{"x"}},
		{"new Box<Foo>(x).m()", []string{"new", "Box"}},
		{"new Box<>().m()", []string{"new", "Box"}},
		{"foo()[0].m()", []string{ArrayElementReceiver, "1", "()", "0"}},
		{"(foo()).m()", []string{"()", "0"}},
		{"(new Fmt()).m()", []string{"new", "Fmt"}},
		{"(a.b).m()", []string{"a", "b"}},
		{"(f ? a : b).m()", []string{"?"}},
		{"((Plane) o).w.m()", []string{CastReceiver, "Plane", "w"}},
		{"new Foo().a.b.m()", []string{"new", "Foo", "a", "b"}},
		{"foo().a.m()", []string{"()", "0", "a"}},
		{"(f ? a : b).c.m()", []string{"?"}},
		{"(a + b).m()", []string{"?"}},
		{"rows[i][j].m()", []string{ArrayElementReceiver, "2", "rows"}},
		{"this.rows[i].m()", []string{ArrayElementReceiver, "1", "this", "rows"}},
		{"new Foo[3][0].m()", []string{"?"}},
	}
	for _, c := range cases {
		src := []byte("class C { void f() { " + c.expr + "; } }") // f() declares, it is no call
		refs := ScanRefs(src, Lex(src, 0, len(src)), nil)
		var got []string
		for _, call := range refs.Calls {
			if call.Name == "m" {
				got = call.Receiver
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: receiver %q, want %q", c.expr, got, c.want)
		}
	}
}
