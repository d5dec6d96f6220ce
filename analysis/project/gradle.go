package project

import (
	"path"
	"regexp"
	"sort"
	"strings"
)

// loadGradle reads settings.gradle(.kts) for included projects and lays out each project by
// Gradle's conventions: every src/<set>/java folder is a source set, main is main code and
// every other set (test, integrationTest, testFixtures, jmh, ...) compiles after it.
func loadGradle(paths []string, has map[string]bool, read func(string) ([]byte, error)) *Model {
	m := &Model{Kind: Gradle}
	dirs := map[string]bool{"": true}
	for _, name := range []string{"settings.gradle", "settings.gradle.kts"} {
		if !has[name] {
			continue
		}
		data, err := read(name)
		if err != nil {
			m.Notes = append(m.Notes, name+": "+err.Error())
			continue
		}
		for _, inc := range ParseGradleSettings(data) {
			dirs[inc] = true
		}
	}
	sets := map[string]map[string]bool{} // module -> source set roots
	for _, p := range paths {
		if !strings.HasSuffix(p, ".java") {
			continue
		}
		parts := strings.Split(p, "/")
		for i := 0; i+2 < len(parts)-1; i++ {
			if parts[i] != "src" || parts[i+2] != "java" {
				continue
			}
			mod := strings.Join(parts[:i], "/")
			if !dirs[mod] {
				continue
			}
			if sets[mod] == nil {
				sets[mod] = map[string]bool{}
			}
			sets[mod][strings.Join(parts[:i+3], "/")] = true
			break
		}
	}
	for dir := range dirs {
		mod := Module{Dir: dir, BuildFile: gradleBuildFile(dir, has)}
		mod.Main = []string{join(dir, "src/main/java")}
		mod.Test = []string{join(dir, "src/test/java")}
		var extra []string
		for r := range sets[dir] {
			if r != mod.Main[0] && r != mod.Test[0] {
				extra = append(extra, r)
			}
		}
		sort.Strings(extra)
		mod.Test = append(mod.Test, extra...)
		mod.Resources = []string{join(dir, "src/main/resources"), join(dir, "src/test/resources")}
		m.Modules = append(m.Modules, mod)
	}
	return m
}

// gradleBuildFile is the build script of the project in dir: build.gradle(.kts), or one
// named after the folder (hamcrest/hamcrest.gradle), as builds that set buildFileName have.
func gradleBuildFile(dir string, has map[string]bool) string {
	names := []string{"build.gradle", "build.gradle.kts"}
	if dir != "" {
		names = append(names, path.Base(dir)+".gradle", path.Base(dir)+".gradle.kts")
	}
	for _, n := range names {
		if has[join(dir, n)] {
			return join(dir, n)
		}
	}
	return ""
}

var (
	gradleIncludeRe = regexp.MustCompile(`(?m)^\s*include\b`)
	gradleNameRe    = regexp.MustCompile(`["']([^"']+)["']`)
	gradleDirRe     = regexp.MustCompile(`project\(\s*["']([^"']+)["']\s*\)\.projectDir\s*=\s*(?:new\s+File\(\s*(?:settingsDir|rootDir)\s*,\s*|file\(\s*)["']([^"']+)["']`)
)

// ParseGradleSettings returns the folders of the projects a settings.gradle(.kts)
// includes (":a:b" is folder "a/b"), honouring `project(":x").projectDir = file("y")`.
func ParseGradleSettings(data []byte) []string {
	src := string(data)
	moved := map[string]string{}
	for _, m := range gradleDirRe.FindAllStringSubmatch(src, -1) {
		moved[strings.TrimPrefix(m[1], ":")] = clean(strings.TrimPrefix(m[2], "./"))
	}
	var out []string
	for _, at := range gradleIncludeRe.FindAllStringIndex(src, -1) {
		for _, n := range gradleNameRe.FindAllStringSubmatch(includeArgs(src[at[1]:]), -1) {
			name := strings.TrimPrefix(n[1], ":")
			if name == "" {
				continue
			}
			dir := strings.ReplaceAll(name, ":", "/")
			if d, ok := moved[name]; ok {
				dir = d
			}
			out = append(out, path.Clean(dir))
		}
	}
	sort.Strings(out)
	return out
}

// includeArgs returns the argument text of an include call that starts src: up to the
// closing parenthesis of include(...), else up to the end of the first line that does not
// end in a comma (Groovy lists the projects over several lines: include 'a',\n 'b').
func includeArgs(src string) string {
	rest := strings.TrimLeft(src, " \t")
	if strings.HasPrefix(rest, "(") {
		if end := strings.IndexByte(rest, ')'); end >= 0 {
			return rest[1:end]
		}
		return rest[1:]
	}
	end := 0
	for {
		nl := strings.IndexByte(rest[end:], '\n')
		if nl < 0 {
			return rest
		}
		line := rest[end : end+nl]
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		end += nl + 1
		if !strings.HasSuffix(strings.TrimSpace(line), ",") {
			return rest[:end]
		}
	}
}
