package lsp

import (
	"encoding/json"
	"sort"
	"strconv"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// appendPublish appends the JSON of a publishDiagnostics notification. It writes the fields
// this server sets by hand, several times faster than reflection for the thousands of
// diagnostics of a wide edit, and falls back to encoding/json for anything else.
func appendPublish(b []byte, p *protocol.PublishDiagnosticsParams) ([]byte, error) {
	for i := range p.Diagnostics {
		if !handEncodable(&p.Diagnostics[i]) {
			body, err := json.Marshal(struct {
				JSONRPC string `json:"jsonrpc"`
				Method  string `json:"method"`
				Params  any    `json:"params"`
			}{"2.0", protocol.MethodTextDocumentPublishDiagnostics, p})
			return append(b, body...), err
		}
	}
	b = append(b, `{"jsonrpc":"2.0","method":"`+protocol.MethodTextDocumentPublishDiagnostics+`","params":{"uri":`...)
	b = appendString(b, string(p.URI))
	if p.Version != 0 {
		b = append(b, `,"version":`...)
		b = strconv.AppendUint(b, uint64(p.Version), 10)
	}
	b = append(b, `,"diagnostics":[`...)
	for i := range p.Diagnostics {
		if i > 0 {
			b = append(b, ',')
		}
		d := &p.Diagnostics[i]
		b = append(b, `{"range":`...)
		b = appendRange(b, d.Range)
		if d.Severity != 0 {
			b = append(b, `,"severity":`...)
			b = strconv.AppendInt(b, int64(d.Severity), 10)
		}
		if d.Source != "" {
			b = append(b, `,"source":`...)
			b = appendString(b, d.Source)
		}
		b = append(b, `,"message":`...)
		b = appendString(b, d.Message)
		if len(d.RelatedInformation) > 0 {
			b = append(b, `,"relatedInformation":[`...)
			for j, r := range d.RelatedInformation {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"location":{"uri":`...)
				b = appendString(b, string(r.Location.URI))
				b = append(b, `,"range":`...)
				b = appendRange(b, r.Location.Range)
				b = append(b, `},"message":`...)
				b = appendString(b, r.Message)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		if m, ok := d.Data.(map[string]string); ok && m != nil {
			b = append(b, `,"data":{`...)
			first := true
			for _, k := range sortedStringKeys(m) {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = appendString(b, k)
				b = append(b, ':')
				b = appendString(b, m[k])
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, "]}}"...), nil
}

// handEncodable reports whether appendPublish writes every field d sets.
func handEncodable(d *protocol.Diagnostic) bool {
	if d.Code != nil || d.CodeDescription != nil || len(d.Tags) > 0 {
		return false
	}
	switch d.Data.(type) {
	case nil, map[string]string:
		return true
	}
	return false
}

func appendRange(b []byte, r protocol.Range) []byte {
	b = append(b, `{"start":{"line":`...)
	b = strconv.AppendUint(b, uint64(r.Start.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(r.Start.Character), 10)
	b = append(b, `},"end":{"line":`...)
	b = strconv.AppendUint(b, uint64(r.End.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(r.End.Character), 10)
	return append(b, "}}"...)
}

// appendString appends s as a JSON string. Text that is not valid UTF-8 goes through
// encoding/json, which replaces the bad bytes.
func appendString(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		q, _ := json.Marshal(s)
		return append(b, q...)
	}
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func sortedStringKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
