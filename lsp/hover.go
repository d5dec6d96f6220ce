package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/slicing"
)

// hover answers textDocument/hover on an affected assertion with the statements of its
// slice and why each one is there; elsewhere it has nothing to say (null).
func (s *server) hover(ctx context.Context, raw json.RawMessage) (any, error) {
	var p protocol.HoverParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	ss, rel, err := s.locateURI(p.TextDocument.URI)
	if err != nil || ss == nil {
		return nil, nil
	}
	ready := ss.waitAnswerable(ctx)
	line := int(p.Position.Line) + 1
	var units []slicing.Unit
	if res, _ := ss.snapshot(); res != nil {
		units = res.Units
	}
	for _, u := range units {
		if u.File != rel || u.Level != slicing.LevelAssertion || line < u.Line || line > u.EndLine {
			continue
		}
		tx := &texts{ss: ss, cache: map[string][]byte{}}
		md := sliceMarkdown(u, tx.get(rel))
		return &protocol.Hover{
			Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: md},
			Range: &protocol.Range{Start: protocol.Position{Line: uint32(u.Line - 1)},
				End: protocol.Position{Line: uint32(u.EndLine - 1)}},
		}, nil
	}
	return coverageHover(ss.engine(), rel, line, ready), nil
}

// coverageHover says which assertions run the member under the cursor, from the coverage
// record; nil when the engine has no record or the record never saw the member execute.
// Before the index is done (ready false) the tests are not sliced yet, so it names the
// tests without counting assertions.
func coverageHover(eng Engine, rel string, line int, ready bool) *protocol.Hover {
	cr, ok := eng.(CoverageReader)
	if !ok {
		return nil
	}
	id := cr.MemberAt(rel, line)
	if id == "" {
		return nil
	}
	cov, err := cr.CoveredBy(id)
	if err != nil || cov == nil {
		return nil
	}
	var b strings.Builder
	if ready {
		fmt.Fprintf(&b, "**Covered by %d assertions in %d tests** (coverage record)", cov.Assertions, len(cov.Tests))
	} else {
		fmt.Fprintf(&b, "**Covered by %d tests** (coverage record; assertions are counted once indexing is done)", len(cov.Tests))
	}
	if !cov.Fresh {
		b.WriteString(" — this file changed since the record was made")
	}
	b.WriteString("\n\n")
	for i, t := range cov.Tests {
		if i == 10 {
			fmt.Fprintf(&b, "- and %d more\n", len(cov.Tests)-10)
			break
		}
		fmt.Fprintf(&b, "- `%s`\n", t)
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: b.String()}}
}

// sliceMarkdown lists the statements of an assertion slice with the reason each is in it.
func sliceMarkdown(u slicing.Unit, src []byte) string {
	lines := strings.Split(string(src), "\n")
	why := map[int]string{}
	for _, e := range u.Explain {
		why[e.Line] = e.Why
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Affected assertion slice** `%s` — %d statement(s)\n\n", u.ID, len(u.Statements))
	if len(u.Because) > 0 {
		fmt.Fprintf(&b, "because of %s\n\n", strings.Join(u.Because, ", "))
	}
	for _, r := range u.Statements {
		text := ""
		for l := r[0]; l <= r[1] && l >= 1 && l <= len(lines); l++ {
			text += strings.TrimSpace(lines[l-1]) + " "
		}
		fmt.Fprintf(&b, "- line %d: `%s`", r[0], strings.ReplaceAll(strings.TrimSpace(text), "`", "'"))
		if w := why[r[0]]; w != "" {
			fmt.Fprintf(&b, " — %s", w)
		}
		b.WriteString("\n")
	}
	return b.String()
}
