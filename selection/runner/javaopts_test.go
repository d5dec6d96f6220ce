package runner

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestJavaOptionsReachEveryJVM: ASSERTLENS_JAVA_OPTS goes to javac (as -J options) and to
// the launcher's JVM. An option no JVM knows makes javac fail with the JVM's own message,
// which shows the option really reached it.
func TestJavaOptionsReachEveryJVM(t *testing.T) {
	t.Setenv("ASSERTLENS_JAVA_OPTS", " -XX:+AssertlensNoSuchOption  -Xmx64m ")
	if got := launcherArgs(launchSpec{classpath: []string{"a.jar"}}); !slices.Equal(got[:2], []string{"-XX:+AssertlensNoSuchOption", "-Xmx64m"}) {
		t.Errorf("launcher arguments start %v", got[:2])
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "A.java")
	if err := os.WriteFile(src, []byte("class A {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runJavac(context.Background(), dir, javacOptions(8, nil, dir), []string{src})
	if err == nil || !strings.Contains(out, "AssertlensNoSuchOption") {
		t.Errorf("javac with an unknown JVM option: err %v, output %q", err, out)
	}
	t.Setenv("ASSERTLENS_JAVA_OPTS", "")
	if _, err := runJavac(context.Background(), dir, javacOptions(8, nil, dir), []string{src}); err != nil {
		t.Errorf("javac without options: %v", err)
	}
}
