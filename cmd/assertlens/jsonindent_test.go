package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestPrintJSONIndentsLikeTheStandardLibrary checks the streaming indenter against
// json.Encoder's own indentation, byte for byte, on values with the awkward parts: brackets,
// quotes, colons and backslashes inside strings, empty and nested containers, nulls.
func TestPrintJSONIndentsLikeTheStandardLibrary(t *testing.T) {
	type unit struct {
		ID         string   `json:"id"`
		Statements [][2]int `json:"statements"`
		Reason     *string  `json:"reason"`
		Via        []string `json:"via"`
		Empty      []string `json:"empty"`
		Extra      map[string]any
	}
	tricky := `a "quoted" [x] {y}: z, \ back\\slash \" end\`
	cases := map[string]any{
		"scalars":       []any{1, 2.5, true, false, nil, "s"},
		"empty object":  map[string]any{},
		"empty array":   []int{},
		"nested empty":  map[string]any{"a": []int{}, "b": map[string]int{}, "c": [][]int{{}}},
		"tricky string": map[string]string{tricky: tricky, "<html>&": "</script>"},
		"units": map[string]any{"units": []unit{
			{ID: "a.B#c:1", Statements: [][2]int{{1, 1}, {3, 4}}, Via: []string{"x → y"}, Empty: []string{}},
			{ID: "a.B#d", Extra: map[string]any{"k": []any{map[string]any{}, "v"}}},
		}, "elapsedMs": 12},
		"unicode": map[string]string{"é": "\u2028\u0001\t\n"},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(v); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := printJSON(&got, v); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("printJSON differs from json.Encoder with SetIndent:\ngot:\n%s\nwant:\n%s", got.String(), want.String())
			}
		})
	}
}

// TestIndentWriterSplitWrites feeds compact JSON a byte at a time: a value split anywhere,
// inside a string or an escape, indents the same.
func TestIndentWriterSplitWrites(t *testing.T) {
	src := `{"a":[1,{"b":"x\\\"]}","c":[]}],"d":{}}` + "\n"
	var want bytes.Buffer
	if err := json.Indent(&want, []byte(src), "", "  "); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	iw := newIndentWriter(&got)
	for _, c := range []byte(src) {
		iw.Write([]byte{c})
	}
	if err := iw.Flush(); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("got:\n%s\nwant:\n%s", got.String(), want.String())
	}
	if !strings.HasSuffix(got.String(), "}\n") {
		t.Errorf("the final newline is lost: %q", got.String())
	}
}
