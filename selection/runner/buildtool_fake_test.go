package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeMaven puts an executable "mvn" first on the PATH that prints log and exits with code,
// and turns the build tools on for the test.
func fakeMaven(t *testing.T, log string, code int) {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\ncat <<'EOF'\n" + log + "\nEOF\nexit " + string(rune('0'+code)) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "mvn"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("ASSERTLENS_BUILD_TOOLS", "on")
}

// TestClasspathFromMavenFirst checks the order of classpath sources with a stand-in mvn:
// Maven's answer when it gives one (reactor classes inside the root dropped), the
// local-repository fallback added for modules Maven could not resolve, and the labelled
// fallback alone when Maven fails.
func TestClasspathFromMavenFirst(t *testing.T) {
	root, _ := fixture(t, "junit4")
	jar := filepath.Join(t.TempDir(), "dep-1.0.jar")
	inRoot := filepath.Join(root, "target", "classes")
	ok := "[INFO] --- maven-dependency-plugin:3.6.1:build-classpath (default-cli) @ calc ---\n[INFO] Dependencies classpath:\n" + jar + ":" + inRoot
	fakeMaven(t, ok, 0)
	r, err := resolveClasspath(context.Background(), root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Source != ClasspathMaven || len(r.Classpath) != 1 || r.Classpath[0] != jar {
		t.Errorf("from Maven: source %q classpath %v", r.Source, r.Classpath)
	}

	fakeMaven(t, ok+"\n[ERROR] Failed to execute goal on project other: Could not resolve dependencies", 1)
	r, err = resolveClasspath(context.Background(), root, nil)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(r.Classpath, "\n")
	if r.Source != ClasspathMaven || !strings.Contains(joined, jar) || !strings.Contains(joined, "junit") ||
		!strings.Contains(strings.Join(r.Notes, "\n"), "could not resolve modules other") {
		t.Errorf("partly from Maven: source %q classpath %v notes %v", r.Source, r.Classpath, r.Notes)
	}

	fakeMaven(t, "[ERROR] Non-resolvable import POM", 1)
	r, err = resolveClasspath(context.Background(), root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Source != ClasspathFallback || !strings.Contains(strings.Join(r.Classpath, "\n"), "junit") ||
		!strings.Contains(strings.Join(r.Notes, "\n"), "Maven did not give a classpath") {
		t.Errorf("Maven failed: source %q classpath %v notes %v", r.Source, r.Classpath, r.Notes)
	}

	// An explicit classpath wins over everything.
	res, err := projectClasspath(context.Background(), Request{Root: root, CacheDir: t.TempDir(), Classpath: []string{jar}}, loadModel(root))
	if err != nil {
		t.Fatal(err)
	}
	if res.Source != ClasspathExplicit {
		t.Errorf("explicit: source %q", res.Source)
	}
}

func TestGradleFailureNamesTheCause(t *testing.T) {
	for _, tc := range []struct{ name, stderr, want string }{
		{"wrapper offline", "Exception in thread \"main\" java.net.UnknownHostException: services.gradle.org\n\tat java.base/sun.nio.ch.NioSocketImpl.connect(NioSocketImpl.java:572)\n\tat java.base/java.net.Socket.connect(Socket.java:633)",
			"Exception in thread \"main\" java.net.UnknownHostException: services.gradle.org"},
		{"build failed", "\nFAILURE: Build failed with an exception.\n\n* Where:\nBuild file '/p/build.gradle' line: 3\n\n* What went wrong:\nPlugin [id: 'x'] was not found\n\n* Try:\n> Run with --stacktrace",
			"Plugin [id: 'x'] was not found"},
		{"anything else", "a\nb\n", "a\nb"},
	} {
		if got := gradleFailure(tc.stderr); got != tc.want {
			t.Errorf("%s: gradleFailure = %q, want %q", tc.name, got, tc.want)
		}
	}
}
