package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestLaterDeclarators: every name of a declaration with several is a local of the
// declared type (a body summary reads an undeclared name as a field, shared state);
// names after a comma that declare nothing stay out.
func TestLaterDeclarators(t *testing.T) {
	cases := []struct {
		code string
		want []string // name:type of the locals, in order
	}{
		{"for (int i = 1, j = n - 1; i <= j; i++, j--) { }", []string{"i:int", "j:int"}},
		{"int a = f(x, y), b = 2;", []string{"a:int", "b:int"}},
		{"int[] a = {1, 2}, b[] = null, c;", []string{"a:int[]", "b:int[][]", "c:int[]"}},
		{"int a[] = null, b;", []string{"a:int[]", "b:int"}},
		{"List<String> xs = null, ys;", []string{"xs:List", "ys:List"}},
		{"if (x) { y(); } int a, b;", []string{"a:int", "b:int"}},
		{"foo(a, b = 1);", nil},
		{"for (i = 0, j = 1; i < j; i++) { }", nil},
		// Lambda parameters are locals of no written type, as a single one (x -> …) is.
		{"m((a, b) -> a + b);", []string{"a:", "b:"}},
		{"m(x -> x);", []string{"x:"}},
		{"m((a) + b);", nil},
	}
	for _, c := range cases {
		src := []byte(c.code)
		var got []string
		for _, l := range ScanRefs(src, Lex(src, 0, len(src)), nil).Locals {
			got = append(got, l.Name+":"+l.Type)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: locals %s, want %s", c.code, strings.Join(got, " "), strings.Join(c.want, " "))
		}
	}
}
