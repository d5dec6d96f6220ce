package javagen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteIsDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	opt := Options{Classes: 60, TestClasses: 10, Seed: 7}
	if err := Write(a, opt); err != nil {
		t.Fatal(err)
	}
	if err := Write(b, opt); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{ClassPath(0), ClassPath(59), TestPath(9, 60)} {
		x, err := os.ReadFile(filepath.Join(a, rel))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two runs with the same seed", rel)
		}
	}
	test, err := os.ReadFile(filepath.Join(a, TestPath(3, 60)))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(test), "@Test"); n < 3 {
		t.Errorf("test class has %d tests, want several", n)
	}
}

func TestWriteRejectsEmptyProject(t *testing.T) {
	if err := Write(t.TempDir(), Options{}); err == nil {
		t.Fatal("want an error for zero classes")
	}
}
