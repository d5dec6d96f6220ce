package lsp_test

import (
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestE2EHoverShowsSlice edits Complex#negate and hovers the first affected assertion of
// testNegate: the hover lists the slice's statements with why each is in it.
func TestE2EHoverShowsSlice(t *testing.T) {
	x := startE2E(t, "", nil)
	ctx := x.ctx(60 * time.Second)
	ed := x.ed
	if err := ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	if err := ed.EditFile(ctx, complexJava, negateBody, negateEdited); err != nil {
		t.Fatal(err)
	}
	ds, err := ed.WaitForDiagnostics(ctx, complexTest, inLines(9, 14))
	if err != nil || len(ds) == 0 {
		t.Fatalf("no diagnostics: %v", err)
	}
	var h protocol.Hover
	params := map[string]any{"textDocument": map[string]any{"uri": ed.URI(complexTest)}, "position": ds[0].Range.Start}
	if err := ed.Call(ctx, "textDocument/hover", params, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "Affected assertion slice") || !strings.Contains(h.Contents.Value, "def-use") ||
		!strings.Contains(h.Contents.Value, "assertion") {
		t.Errorf("hover:\n%s", h.Contents.Value)
	}
	t.Logf("hover:\n%s", h.Contents.Value)
}
