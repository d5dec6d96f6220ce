package slicing

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// TestRestoreAnswersLikeDiscovery: a discovery written by Encode and read by Restore has
// the same classes, in JSON (the CLI's contract, where null and [] differ) and in every
// field a selection reads (statements' calls, units' statement indexes, locals).
func TestRestoreAnswersLikeDiscovery(t *testing.T) {
	roots := []string{
		filepath.Join("..", "testdata", "slicing", "paper"),
		filepath.Join("..", "testdata", "slicing", "rules"),
		filepath.Join("..", "testdata", "slicing", "effects"),
		filepath.Join("..", "testdata", "safety", "shop"),
		filepath.Join("..", "testdata", "discovery", "junit3"),
		filepath.Join("..", "testdata", "discovery", "junit4-parameterized"),
		filepath.Join("..", "testdata", "discovery", "jupiter-nested"),
		filepath.Join("..", "testdata", "discovery", "jupiter-kinds"),
	}
	for _, root := range roots {
		t.Run(filepath.Base(root), func(t *testing.T) {
			s, err := analysis.Build(context.Background(), root, dirSource{root}, nil)
			if err != nil {
				t.Fatal(err)
			}
			d, err := DiscoverAll(s, s.Read, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Classes) == 0 {
				t.Fatal("fixture has no tests")
			}
			var buf bytes.Buffer
			if err := d.Encode(&buf); err != nil {
				t.Fatal(err)
			}
			r, err := Restore(s, &buf, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Restored() || d.Restored() {
				t.Fatalf("Restored() = %v for the restored, %v for the discovered", r.Restored(), d.Restored())
			}
			want, _ := json.MarshalIndent(d.Classes, "", " ")
			got, _ := json.MarshalIndent(r.Classes, "", " ")
			if !bytes.Equal(got, want) {
				t.Fatalf("restored classes differ in JSON:\n%s", firstDifference(string(want), string(got)))
			}
			for i, tc := range d.Classes {
				for j, m := range tc.Methods {
					rm := r.Classes[i].Methods[j]
					if !reflect.DeepEqual(emptyAsNil(m.Locals), emptyAsNil(rm.Locals)) {
						t.Errorf("%s: locals %v, restored %v", m.ID, m.Locals, rm.Locals)
					}
					for k, st := range m.Statements {
						if !reflect.DeepEqual(calls(st.Calls), calls(rm.Statements[k].Calls)) || !reflect.DeepEqual(emptyAsNil(st.Names), emptyAsNil(rm.Statements[k].Names)) {
							t.Errorf("%s line %d: calls or names differ after restore", m.ID, st.Line)
						}
					}
					for k, u := range m.Units {
						if !reflect.DeepEqual(emptyAsNil(u.Stmts), emptyAsNil(rm.Units[k].Stmts)) {
							t.Errorf("%s: unit statements %v, restored %v", u.ID, u.Stmts, rm.Units[k].Stmts)
						}
					}
				}
			}
		})
	}
}

// TestRestoreRejectsOtherData: a file that is not what Encode wrote is an error, never a
// discovery.
func TestRestoreRejectsOtherData(t *testing.T) {
	s := fixture(t, "paper")
	for name, data := range map[string][]byte{
		"empty":     nil,
		"garbage":   []byte("not a gob stream at all"),
		"truncated": truncatedEncoding(t, s),
	} {
		if _, err := Restore(s, bytes.NewReader(data), Options{}); err == nil {
			t.Errorf("%s: Restore succeeded", name)
		}
	}
}

func truncatedEncoding(t *testing.T, s *analysis.Snapshot) []byte {
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()[:buf.Len()/2]
}

// TestRestoredUpdateDiscoversAgain: an edit on a restored discovery gives what a
// discovery of the edited snapshot gives.
func TestRestoredUpdateDiscoversAgain(t *testing.T) {
	s := fixture(t, "paper")
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	r, err := Restore(s, &buf, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rel := d.Classes[0].File
	src, err := s.Read(rel)
	if err != nil {
		t.Fatal(err)
	}
	edited := s.WithFile(rel, append(bytes.Clone(src), []byte("\n// edited\n")...))
	got, incremental, err := r.Update(edited, edited.Read, []string{rel})
	if err != nil {
		t.Fatal(err)
	}
	if incremental || got.Restored() {
		t.Fatalf("update of a restored discovery: incremental=%v restored=%v, want a full discovery", incremental, got.Restored())
	}
	want, err := DiscoverAll(edited, edited.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	wj, _ := json.Marshal(want.Classes)
	gj, _ := json.Marshal(got.Classes)
	if !bytes.Equal(wj, gj) {
		t.Fatal("update of a restored discovery differs from a discovery of the edited snapshot")
	}
}

func emptyAsNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// calls normalizes empty slices inside calls, which an encoding may turn into nil.
func calls(cs []analysis.Call) []analysis.Call {
	out := make([]analysis.Call, len(cs))
	for i, c := range cs {
		c.Receiver, c.ArgNames, c.Args = emptyAsNil(c.Receiver), emptyAsNil(c.ArgNames), emptyAsNil(c.Args)
		out[i] = c
	}
	return emptyAsNil(out)
}

func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return "want …" + a[lo:min(len(a), i+200)] + "\n got …" + b[lo:min(len(b), i+200)]
}
