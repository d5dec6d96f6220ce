package slicing

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

func TestZZDebugSplit(t *testing.T) {
	root := os.Getenv("ZZROOT")
	if root == "" {
		t.Skip()
	}
	s, err := analysis.Build(context.Background(), root, dirSource{root}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := newProject(s, s.Source.Read, Options{})
	for _, f := range s.Files {
		for _, ty := range f.Types {
			if strings.Contains(ty.ID+"#", os.Getenv("ZZPAT")) {
				ce := p.clinitEffect(ty)
				t.Logf("CLINIT %s: %s why=%s", ty.ID, ce.String(), ce.why)
			}
			for _, m := range ty.Members {
				if strings.Contains(m.ID, os.Getenv("ZZPAT")) {
					e := p.memberEffect(memberRef{m, ty})
					ie := p.inInitEffect(memberRef{m, ty}); t.Logf("%s: %s why=%s || in-init: %s why=%s", m.ID, e.String(), e.why, ie.String(), ie.why)
				}
			}
		}
	}
}
