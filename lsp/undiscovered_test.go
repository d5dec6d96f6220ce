package lsp_test

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestUndiscoveredShownOnce checks that classes the JUnit Platform runs tests of but static
// discovery misses are told to the user once (window/showMessage), logged by name, and not
// repeated on later selections with the same classes.
func TestUndiscoveredShownOnce(t *testing.T) {
	h := startHarness(t, harnessOpts{setup: func(f *fakeEngine) { f.undiscovered = []string{"d.MeterTest"} }})
	ctx := h.ctx()
	if err := h.ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	warned := func() []protocol.ShowMessageParams {
		var out []protocol.ShowMessageParams
		for _, m := range h.ed.Messages() {
			if strings.Contains(m.Message, "did not discover") {
				out = append(out, m)
			}
		}
		return out
	}
	if err := h.ed.WaitFor(ctx, "undiscovered message", func() bool { return len(warned()) > 0 }); err != nil {
		t.Fatal(err)
	}
	if m := warned()[0]; m.Type != protocol.MessageTypeWarning || !strings.Contains(m.Message, "d.MeterTest") {
		t.Errorf("message = %+v", m)
	}
	// Two more selections (an edit and its undo) with the same classes: no new message.
	f := h.fake()
	selects, _, _, _ := f.stats()
	if err := h.ed.EditFile(ctx, complexJava, negateBody, negateEdited); err != nil {
		t.Fatal(err)
	}
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(2)); err != nil {
		t.Fatal(err)
	}
	if err := h.ed.EditFile(ctx, complexJava, negateEdited, negateBody); err != nil {
		t.Fatal(err)
	}
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(0)); err != nil {
		t.Fatal(err)
	}
	if now, _, _, _ := f.stats(); now < selects+2 {
		t.Fatalf("selections %d -> %d", selects, now)
	}
	if n := len(warned()); n != 1 {
		t.Errorf("%d undiscovered messages, want 1", n)
	}
	if !strings.Contains(h.logs.String(), "undiscovered: the JUnit Platform runs tests of d.MeterTest") {
		t.Errorf("no log line naming the class:\n%s", h.logs.String())
	}
}
