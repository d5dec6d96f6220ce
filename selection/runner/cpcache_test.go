package runner

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/assertlens/assertlens/analysis/project"
)

// TestClasspathKeyFollowsParentPOM: a parent POM above the workspace sets dependency
// versions, so changing it must resolve the classpath again (a new cache key).
func TestClasspathKeyFollowsParentPOM(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "mod")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(top, "pom.xml"), "<project><artifactId>base</artifactId><properties><v>1</v></properties></project>")
	write(filepath.Join(root, "pom.xml"), "<project><artifactId>mod</artifactId><parent><artifactId>base</artifactId></parent></project>")
	model := project.Load([]string{"pom.xml"}, func(rel string) ([]byte, error) { return os.ReadFile(filepath.Join(root, rel)) })
	if !slices.Equal(model.Parents, []string{"../pom.xml"}) {
		t.Fatalf("parents %v", model.Parents)
	}
	before := buildFilesKey(root, model)
	write(filepath.Join(top, "pom.xml"), "<project><artifactId>base</artifactId><properties><v>2</v></properties></project>")
	if buildFilesKey(root, model) == before {
		t.Error("the classpath key did not change with the parent POM")
	}
}
