package analysis

import "testing"

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
	})
}
