package analysis

import (
	"context"
	"os"
	"strings"
	"testing"
)

func TestDbgGraph(t *testing.T) {
	root := os.Getenv("DBG_ROOT")
	if root == "" {
		t.Skip()
	}
	s, err := Build(context.Background(), root, DirSource{Root: root}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := BuildGraph(s)
	for _, id := range strings.Split(os.Getenv("DBG_IDS"), ";") {
		for _, e := range g.Callees(id) {
			t.Logf("%s -> %s %s %d %s", id, e.To, e.Kind, e.Line, e.Uncertain)
		}
	}
}

func TestDbgRefs(t *testing.T) {
	root := os.Getenv("DBG_ROOT")
	if root == "" {
		t.Skip()
	}
	s, err := Build(context.Background(), root, DirSource{Root: root}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range strings.Split(os.Getenv("DBG_IDS"), ";") {
		ty := s.Type(id[:strings.IndexByte(id, '#')])
		m := ty.Member(id)
		for _, c := range m.Refs.Calls {
			t.Logf("%+v", c)
		}
		t.Logf("locals %+v", m.Refs.Locals)
	}
}

func TestDbgResolve(t *testing.T) {
	root := os.Getenv("DBG_ROOT")
	if root == "" {
		t.Skip()
	}
	s, err := Build(context.Background(), root, DirSource{Root: root}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := BuildGraph(s)
	id := os.Getenv("DBG_IDS")
	ty := s.Type(id[:strings.IndexByte(id, '#')])
	m := ty.Member(id)
	for _, c := range m.Refs.Calls {
		t.Logf("%s -> %v", c.Name, g.ResolveCall(ty.ID, m.Refs.Locals, c))
	}
	for _, mm := range ty.Members {
		if mm.Name == "successful" || mm.Name == "result" || mm.Name == "future" {
			t.Logf("member %s %+v", mm.ID, mm.Params)
		}
	}
}
