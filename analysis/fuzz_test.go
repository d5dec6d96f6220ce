package analysis

import (
	"context"
	"testing"
)

// FuzzParseFile feeds arbitrary bytes through parsing, member extraction, hashing and
// reference scanning: none of it may panic, whatever the input.
func FuzzParseFile(f *testing.F) {
	seeds := []string{
		"package a; class A { void m() { x.y(1, 2); } }",
		"class { void (",
		"enum E { A { void f() { } }, B; E() {} }",
		"record R(int a) { R { } }",
		"@interface X { int v() default 1; }",
		"class A { String s = \"\"\"\n text \"\"\"; char c = '\\''; }",
		"\x00\x01\xff\xfe",
		"class A { void m() { new java.util.HashMap<String, java.util.List<Integer>>(a, b).put(c, d); Foo::bar; x -> y; } }",
		"class A { java.util.List<A>[] a; A b[]; A m() { return ((A) a[0].get(1)).b[2][3].m(); } }",
		"class A<T extends A<T>> { T t; T m() { if (x) { A v = t; } String v = (t.m()).b; return ((T) (v)).m().t; } }",
		"class A { void m() { ((A) x ? y : z).m(); (new A<>()).m(); m()[0].n; ((java.util.Map<A, A>) o).entrySet().iterator().next().getValue().m(); } }",
		"class A { static { M.forEach((a, b) -> a.equals(b)); } static { f().g(x -> { h(y -> y); }); } int n = switch (k) { case 1 -> 2; default -> 3; }; }",
		"class A { void m() { max(a.length(), b[i][j], c.d, (e()), x -> , (a, String b) ->); Runnable r = () -> go(; new B<>(C::d); } }",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file := ParseSource("src/main/java/F.java", src)
		for _, ty := range file.Types {
			for _, m := range ty.Members {
				if m.Start > m.End || m.End > len(src) {
					t.Fatalf("member %s has bad range %d..%d of %d", m.ID, m.Start, m.End, len(src))
				}
			}
		}
		ScanRefs(src, Lex(src, 0, len(src)), nil)
		// Resolving what was scanned must not panic either (receiver forms, type arguments,
		// block-scoped locals).
		snap, err := Build(context.Background(), "", MemorySource{Name: "fuzz", Files: map[string][]byte{"src/main/java/F.java": src}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		BuildGraph(snap)
	})
}
