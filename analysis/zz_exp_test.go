package analysis

import (
	"context"
	"os"
	"strings"
	"testing"
)

func TestZZEdges(t *testing.T) {
	root := "/tmp/math"
	s, err := Build(context.Background(), root, DirSource{Root: root}, OpenCache(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	g := BuildGraph(s)
	for _, id := range strings.Split(os.Getenv("ZZ_IDS"), ";") {
		for _, e := range g.Callees(id) {
			if e.Uncertain != "" {
				t.Logf("%s -[%s %d %s]-> %s", e.From, e.Kind, e.Line, e.Uncertain, e.To)
			}
		}
	}
}
