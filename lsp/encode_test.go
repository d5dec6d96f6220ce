package lsp

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"go.lsp.dev/protocol"
)

// TestAppendPublishMatchesEncodingJSON checks the hand-written encoder against
// encoding/json on random diagnostics: awkward strings (quotes, control characters,
// non-ASCII, invalid UTF-8), optional fields set and unset, and fields it leaves to the
// fallback.
func TestAppendPublishMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	texts := []string{"", "plain", `q"uo\te`, "tab\tnew\nline\r", "\x01\x1f", "é😀", "bad\xff\xfeutf8", "<&>"}
	pick := func() string { return texts[rng.IntN(len(texts))] }
	pos := func() protocol.Position {
		return protocol.Position{Line: rng.Uint32N(5000), Character: rng.Uint32N(200)}
	}
	for round := 0; round < 300; round++ {
		p := protocol.PublishDiagnosticsParams{URI: protocol.DocumentURI("file:///w/" + pick()), Version: uint32(rng.IntN(3))}
		for i := rng.IntN(4); i > 0; i-- {
			d := protocol.Diagnostic{Range: protocol.Range{Start: pos(), End: pos()}, Message: pick(),
				Severity: protocol.DiagnosticSeverity(rng.IntN(4)), Source: pick()}
			for j := rng.IntN(3); j > 0; j-- {
				d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
					Location: protocol.Location{URI: protocol.DocumentURI(pick()), Range: protocol.Range{Start: pos(), End: pos()}},
					Message:  pick()})
			}
			switch rng.IntN(4) {
			case 0:
				d.Data = map[string]string{"unit": pick(), pick(): pick()}
			case 1:
				d.Code = "fallback" // not written by hand: the whole message goes through encoding/json
			}
			p.Diagnostics = append(p.Diagnostics, d)
		}
		if p.Diagnostics == nil {
			p.Diagnostics = []protocol.Diagnostic{}
		}
		got, err := appendPublish(nil, &p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": protocol.MethodTextDocumentPublishDiagnostics, "params": &p})
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("round %d: invalid JSON %v:\n%s", round, err, got)
		}
		if err := json.Unmarshal(want, &b); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("round %d:\n got %s\nwant %s", round, got, want)
		}
	}
}
