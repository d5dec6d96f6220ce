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

// TestReleaseAPICompilesWhatTheBuildCompiles: commons-io asks for maven.compiler.release 8
// (in a profile JDK 9+ activates). FileSystems.newFileSystem(path, null) is ambiguous
// against JDK 13+'s classes (an overload taking a Map was added), so -source/-target 8
// fails where Maven's --release 8 compiles; projectRelease finds the profile's release.
func TestReleaseAPICompilesWhatTheBuildCompiles(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "Zips.java")
	code := "import java.nio.file.*;\nclass Zips {\n  static FileSystem open(Path p) throws java.io.IOException { return FileSystems.newFileSystem(p, null); }\n}\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := javacOptions(8, nil, dir)
	if maxRelease() >= 13 {
		if out, err := runJavac(context.Background(), dir, opts, []string{src}); err == nil || !strings.Contains(out, "ambiguous") {
			t.Errorf("-source/-target 8 on JDK %d: err %v, output %q; want the ambiguity", maxRelease(), err, out)
		}
	}
	if out, err := runJavac(context.Background(), dir, releaseAPI(opts), []string{src}); err != nil {
		t.Errorf("--release 8: %v: %s", err, out)
	}
	if got := releaseAPI(opts); slices.Contains(got, "-source") || slices.Contains(got, "-target") || !slices.Contains(got, "--release") {
		t.Errorf("releaseAPI(%v) = %v", opts, got)
	}

	root := t.TempDir()
	pom := `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version>
<properties><maven.compiler.source>1.8</maven.compiler.source></properties>
<profiles>
<profile><id>old</id><activation><jdk>(,1.8]</jdk></activation><properties><maven.compiler.release>7</maven.compiler.release></properties></profile>
<profile><id>java9-compile</id><activation><jdk>[9,)</jdk></activation><properties><maven.compiler.release>8</maven.compiler.release></properties></profile>
</profiles></project>`
	if err := os.WriteFile(filepath.Join(root, "pom.xml"), []byte(pom), 0o644); err != nil {
		t.Fatal(err)
	}
	if n, api := projectRelease(root); n != 8 || !api {
		t.Errorf("projectRelease = %d, %v; want 8 with --release", n, api)
	}
}
