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
		{"((int[]) x).m()", []string{CastReceiver, "int[]"}},
		{"((a)).m()", []string{"a"}},
		{"((a) + b).m()", []string{"?"}},
		{"((@NonNull Foo) x).m()", []string{CastReceiver, "Foo"}},
		{"((@a.A(k = \"v\") Foo) x).m()", []string{CastReceiver, "Foo"}},
		{"((Buffer<T>.Spliter) s).m()", []string{CastReceiver, "Buffer.Spliter"}},
		{"((a.Buffer<T>.Spliter<U>[]) s).m()", []string{CastReceiver, "a.Buffer.Spliter[]"}},
		{"((Outer.@A Inner) x).m()", []string{"?"}}, // a cast not read: never the operand's type
		{"((Foo & Bar) x).m()", []string{"?"}},
		{"new Box<Foo>(x).m()", []string{"new", "Box"}},
		{"new Box<>().m()", []string{"new", "Box"}},
		{"new a.b.Box(x).m()", []string{"new", "a.b.Box"}},
		{"new @A a.Box().m()", []string{"new", "a.Box"}},
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

// TestEscapes checks which names a body hands on whole (Refs.Escapes): the ways a static
// container can leave the member that reads it, and the read-only uses that stay.
func TestEscapes(t *testing.T) {
	cases := []struct {
		body string
		want []string
	}{
		{"Map m = CACHE;", []string{"CACHE"}},
		{"Map m = Owner.CACHE;", []string{"Owner.CACHE"}},
		{"this.m = Owner.CACHE;", nil}, // a store (see TestStores)
		{"this.m = flag ? CACHE : null;", []string{"CACHE", "flag"}},
		{"return CACHE;", []string{"CACHE"}},
		{"keep(CACHE);", []string{"CACHE"}},
		{"keep(x, this.CACHE);", []string{"this.CACHE", "x"}},
		{"return (Map) CACHE;", []string{"CACHE", "Map"}}, // a cast's type reads as a parenthesized value: harmless
		{"return holder().CACHE;", []string{"?.CACHE"}},
		{"boolean b = CACHE == null || !OTHER.isEmpty();", nil},
		{"new Holder(CACHE);", []string{"CACHE"}},
		{"Supplier s = () -> CACHE;", []string{"CACHE"}},
		{"Map m = flag ? CACHE : OTHER;", []string{"CACHE", "OTHER", "flag"}}, // flag only for the ternary's sake
		{"CACHE.put(k, v);", []string{"k", "v"}},
		{"int n = CACHE.size() + 1;", nil},
		{"for (String s : NAMES) { use(s); }", []string{"s"}},
		{"list.addAll(Owner.NAMES);", nil},
		{"List l = new ArrayList<>(NAMES);", nil},
		{"Map m = new HashMap<String, Integer>(CACHE);", nil},
		{"if (CACHE == null) { }", nil},
		{"synchronized (CACHE) { }", nil},
		{"return (CACHE);", []string{"CACHE"}},
		{"this(CACHE);", []string{"CACHE"}},
		{"super(1, Owner.CACHE);", []string{"Owner.CACHE"}},
		{"String s = \"\" + CACHE;", nil},
	}
	for _, c := range cases {
		src := []byte("class C { void f() { " + c.body + " } }")
		refs := ScanRefs(src, Lex(src, 0, len(src)), nil)
		if !slices.Equal(refs.Escapes, c.want) {
			t.Errorf("%s: escapes %q, want %q", c.body, refs.Escapes, c.want)
		}
	}
}

// TestStores checks the whole values a body stores into fields (Refs.Stores).
func TestStores(t *testing.T) {
	cases := []struct {
		body string
		want []Store
	}{
		{"this.items = Owner.DEFAULTS;", []Store{{Value: "Owner.DEFAULTS", Field: "items"}}},
		{"x(); items = DEFAULTS;", []Store{{Value: "DEFAULTS", Field: "items"}}},
		{"List l = DEFAULTS;", nil},
		{"other.items = DEFAULTS;", nil},
		{"items = DEFAULTS.sub;", []Store{{Value: "DEFAULTS.sub", Field: "items"}}},
		{"items = make(DEFAULTS);", nil},
	}
	for _, c := range cases {
		src := []byte("class C { void f() { " + c.body + " } }")
		refs := ScanRefs(src, Lex(src, 0, len(src)), nil)
		if !slices.Equal(refs.Stores, c.want) {
			t.Errorf("%s: stores %v, want %v", c.body, refs.Stores, c.want)
		}
	}
}
