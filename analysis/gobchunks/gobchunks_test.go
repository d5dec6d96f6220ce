package gobchunks

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"slices"
	"testing"
)

type item struct {
	Name string
	Refs []int
}

func TestRoundTrip(t *testing.T) {
	for _, n := range []int{0, 1, 3, 100, 1001} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var items []*item
			for i := range n {
				items = append(items, &item{Name: fmt.Sprint("m", i), Refs: []int{i, i * 2}})
			}
			var buf bytes.Buffer
			enc := gob.NewEncoder(&buf)
			if err := enc.Encode("before"); err != nil {
				t.Fatal(err)
			}
			if err := Encode(enc, items); err != nil {
				t.Fatal(err)
			}
			if err := enc.Encode("after"); err != nil {
				t.Fatal(err)
			}
			dec := gob.NewDecoder(&buf)
			var s string
			if err := dec.Decode(&s); err != nil || s != "before" {
				t.Fatalf("before: %q %v", s, err)
			}
			got, err := Decode[*item](dec)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, items, func(a, b *item) bool { return a.Name == b.Name && slices.Equal(a.Refs, b.Refs) }) {
				t.Fatalf("decoded %d items, want %d equal ones", len(got), len(items))
			}
			if err := dec.Decode(&s); err != nil || s != "after" {
				t.Fatalf("the stream does not continue after the items: %q %v", s, err)
			}
		})
	}
}

func TestDecodeRejectsDamage(t *testing.T) {
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	if err := Encode(enc, []*item{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}); err != nil {
		t.Fatal(err)
	}
	whole := buf.Bytes()
	for _, cut := range []int{1, len(whole) / 2, len(whole) - 1} {
		if _, err := Decode[*item](gob.NewDecoder(bytes.NewReader(whole[:cut]))); err == nil {
			t.Errorf("a stream cut at %d of %d decoded", cut, len(whole))
		}
	}
	buf.Reset()
	if err := gob.NewEncoder(&buf).Encode(maxChunks + 1); err != nil {
		t.Fatal(err)
	}
	if _, err := Decode[*item](gob.NewDecoder(&buf)); err == nil {
		t.Error("an absurd chunk count was accepted")
	}
}
