package lsp

import (
	"math/rand/v2"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

func TestPositionToOffset(t *testing.T) {
	cases := []struct {
		name string
		text string
		p    protocol.Position
		want int
	}{
		{"start", "abc\ndef", pos(0, 0), 0},
		{"second line", "abc\ndef", pos(1, 2), 6},
		{"past line end clamps", "abc\ndef", pos(0, 99), 3},
		{"past text end clamps", "abc\ndef", pos(7, 1), 7},
		{"crlf", "ab\r\ncd", pos(1, 1), 5},
		{"crlf line end", "ab\r\ncd", pos(0, 5), 2},
		{"lone cr", "ab\rcd", pos(1, 0), 3},
		// "é" is 2 bytes and 1 UTF-16 unit.
		{"two-byte rune", "é=1", pos(0, 1), 2},
		// "😀" is 4 bytes and 2 UTF-16 units (a surrogate pair).
		{"emoji before", "a😀b", pos(0, 1), 1},
		{"emoji after", "a😀b", pos(0, 3), 5},
		{"inside surrogate pair rounds down", "a😀b", pos(0, 2), 1},
		{"emoji then crlf", "😀\r\nx😀y", pos(1, 3), 11},
		{"cjk", "中文x", pos(0, 2), 6},
		{"invalid utf8 counts one unit", "a\xffb", pos(0, 2), 2},
		{"empty text", "", pos(3, 3), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := PositionToOffset([]byte(c.text), c.p); got != c.want {
				t.Errorf("PositionToOffset(%q, %v) = %d, want %d", c.text, c.p, got, c.want)
			}
		})
	}
}

func TestOffsetToPosition(t *testing.T) {
	cases := []struct {
		name string
		text string
		off  int
		want protocol.Position
	}{
		{"start", "abc\ndef", 0, pos(0, 0)},
		{"line end", "abc\ndef", 3, pos(0, 3)},
		{"next line", "abc\ndef", 4, pos(1, 0)},
		{"crlf between", "ab\r\ncd", 3, pos(0, 2)},
		{"crlf next", "ab\r\ncd", 4, pos(1, 0)},
		{"emoji", "a😀b", 5, pos(0, 3)},
		{"inside emoji rounds down", "a😀b", 3, pos(0, 1)},
		{"past end", "ab\ncd", 99, pos(1, 2)},
		{"trailing newline", "ab\n", 3, pos(1, 0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := OffsetToPosition([]byte(c.text), c.off); got != c.want {
				t.Errorf("OffsetToPosition(%q, %d) = %v, want %v", c.text, c.off, got, c.want)
			}
		})
	}
}

func TestPositionRoundTrip(t *testing.T) {
	text := []byte("class A {\r\n  String s = \"😀é中\";\n\r  int x; // 𝄞\n}")
	for off := 0; off <= len(text); off++ {
		p := OffsetToPosition(text, off)
		back := PositionToOffset(text, p)
		if back > off {
			t.Fatalf("offset %d → %v → %d: went forward", off, p, back)
		}
		if p2 := OffsetToPosition(text, back); p2 != p {
			t.Fatalf("offset %d → %v → %d → %v: not stable", off, p, back, p2)
		}
	}
}

func TestLineSpan(t *testing.T) {
	text := []byte("a\r\n    assertEquals(1, 😀x);\r\n  more();\nend")
	got := lineSpan(text, 2, 3)
	want := protocol.Range{Start: pos(1, 4), End: pos(2, 9)}
	if got != want {
		t.Errorf("lineSpan = %v, want %v", got, want)
	}
	if got := lineSpan(nil, 5, 6); got != (protocol.Range{Start: pos(4, 0), End: pos(6, 0)}) {
		t.Errorf("lineSpan(nil) = %v", got)
	}
	if got := lineSpan(text, 2, 1); got.End != pos(1, 25) {
		t.Errorf("lineSpan last<first = %v", got)
	}
}

// TestLineIndexAgreesWithScans checks the line index against the scanning conversions on
// texts mixing \n, \r\n, lone \r and characters outside the BMP.
func TestLineIndexAgreesWithScans(t *testing.T) {
	pieces := []string{"a", "é", "😀", " ", "\t", "\n", "\r\n", "\r", "xyz"}
	rng := rand.New(rand.NewPCG(7, 9))
	for round := 0; round < 200; round++ {
		var b strings.Builder
		for i := rng.IntN(40); i > 0; i-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := []byte(b.String())
		x := newLineIndex(text)
		for off := -1; off <= len(text)+1; off++ {
			if got, want := x.position(off), OffsetToPosition(text, off); got != want {
				t.Fatalf("%q offset %d: index %v, scan %v", text, off, got, want)
			}
		}
		for line := uint32(0); line < uint32(len(x.starts)+2); line++ {
			if got, want := x.start(line), lineStart(text, line); got != want {
				t.Fatalf("%q line %d: index %d, scan %d", text, line, got, want)
			}
		}
	}
}
