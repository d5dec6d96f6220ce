package runner

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertlens/assertlens/analysis/project"
)

// testJVMOptions returns the JVM options the project's build gives its test JVM and the
// runner repeats: -ea (Surefire and Gradle enable assertions unless told not to), Surefire's
// systemPropertyVariables, and from its argLine (its <argLine> configuration, else the
// argLine property) the options a test may need to pass: module access (--add-opens and
// friends, without which reflective tests fail on JDK 9+), system properties and the thread
// stack size. Profiles the running JDK activates count. Dropped lists what was left out:
// heap and VM tuning (the coverage agent needs its own headroom), agents, a security
// manager (it would stop the runner's own agent and listener), and options naming a
// property the POM does not define.
func testJVMOptions(root string) (opts, dropped []string) {
	p, err := readPOM(filepath.Join(root, "pom.xml"))
	if err != nil {
		return []string{"-ea"}, nil // Gradle, or no readable POM: assertions on, as both build tools default
	}
	pp := pomProps{"basedir": root, "project.basedir": root}
	pp.AddProfiles(p, maxRelease())
	pp.Add(p)
	argLine, assertions := pp["argLine"], ""
	props := map[string]string{}
	plugins := p.Build.Plugins
	for _, pr := range p.Profiles {
		if pr.JDK != "" && project.JDKActivates(pr.JDK, maxRelease()) {
			plugins = append(plugins, pr.Plugins...) // an active profile's configuration wins
		}
	}
	for _, pl := range plugins {
		if pl.ArtifactID != "maven-surefire-plugin" {
			continue
		}
		c := pl.Configuration
		if c.ArgLine != "" {
			argLine = c.ArgLine
		}
		if c.EnableAssertions != "" {
			assertions = c.EnableAssertions
		}
		for _, e := range c.SystemPropertyVariables.Entries {
			props[e.XMLName.Local] = pp.Expand(strings.TrimSpace(e.Value))
		}
	}
	if strings.TrimSpace(pp.Expand(assertions)) != "false" {
		opts = append(opts, "-ea")
	}
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if opt := "-D" + k + "=" + props[k]; strings.Contains(props[k], "${") {
			dropped = append(dropped, opt)
		} else {
			opts = append(opts, opt)
		}
	}
	// @{name} is Surefire's late replacement of a property (JaCoCo's agent line); it
	// names a property like ${name} does.
	argLine = pp.Expand(strings.ReplaceAll(argLine, "@{", "${"))
	kept, left := filterArgLine(strings.Fields(argLine))
	return append(opts, kept...), append(dropped, left...)
}

// moduleOptions take the next argument ("--add-opens m/p=ALL-UNNAMED") unless joined to
// it with "=".
var moduleOptions = []string{"--add-opens", "--add-exports", "--add-reads", "--add-modules", "--enable-native-access"}

// filterArgLine keeps the options of an argLine that tests may need (see testJVMOptions).
func filterArgLine(args []string) (kept, dropped []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.Contains(a, "${"):
			dropped = append(dropped, a) // a property the POM does not define
		case isModuleOption(a):
			switch {
			case strings.Contains(a, "="): // --add-opens=m/p=ALL-UNNAMED
				kept = append(kept, a)
			case i+1 < len(args) && !strings.Contains(args[i+1], "${"):
				kept = append(kept, a, args[i+1])
				i++
			default:
				dropped = append(dropped, args[i:min(i+2, len(args))]...)
				i++
			}
		case a == "--enable-preview" || strings.HasPrefix(a, "-Xss"):
			kept = append(kept, a)
		case strings.HasPrefix(a, "-D") && !strings.HasPrefix(a, "-Djava.security.manager") && !strings.HasPrefix(a, "-Djava.security.policy"):
			kept = append(kept, a)
		default:
			dropped = append(dropped, a)
		}
	}
	return kept, dropped
}

func isModuleOption(a string) bool {
	for _, o := range moduleOptions {
		if a == o || strings.HasPrefix(a, o+"=") {
			return true
		}
	}
	return false
}
