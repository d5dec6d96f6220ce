package slicing

import (
	"slices"

	"github.com/assertlens/assertlens/analysis"
)

// Code a test framework runs around the tests, outside their statements: JUnit Jupiter
// extensions and the Spring test context's configurations and components. Their members
// are fixtures of the test classes (see fixtures).

// springComponentsOf is the list springComponents made for one snapshot.
type springComponentsOf struct {
	snap  *analysis.Snapshot
	types []*analysis.Type
}

// extensionTypes returns the project classes JUnit Jupiter runs as extensions of t's
// tests, with the project supertypes whose callbacks they inherit: those @ExtendWith names
// on t or a type whose fixtures run around it (directly, or on an annotation the project
// declares: a composed annotation), and the types of their @RegisterExtension fields with
// the subtypes the field may hold. The platform calls their callbacks (before and after
// each test, parameter resolvers, test template providers) outside the tests' statements.
// For tests running in a Spring context, the configuration classes it builds and the
// project's Spring components count too (see springConfigurations, springComponents).
func (p *project) extensionTypes(t *analysis.Type, heads map[string][]string) []*analysis.Type {
	var out []*analysis.Type
	seen := map[string]bool{}
	add := func(x *analysis.Type) {
		for _, y := range append([]*analysis.Type{x}, p.supertypes(x)...) {
			if !seen[y.ID] {
				seen[y.ID] = true
				out = append(out, y)
			}
		}
	}
	named := func(c *analysis.Type, head []string) {
		for i := range head {
			for _, x := range p.writtenExtensions(c, head, i) {
				add(x)
			}
		}
	}
	spring := false
	var controllers []*analysis.Type // the only controllers a sliced web test's context makes
	for _, c := range p.fixtureTypes(t) {
		named(c, p.head(c, heads))
		for _, x := range p.springConfigurations(c, p.head(c, heads)) {
			add(x)
		}
		spring = spring || p.springTest(c, heads)
		controllers = append(controllers, p.slicedControllers(c, p.head(c, heads))...)
		for _, a := range c.Annotations {
			for _, x := range p.resolve(c, a) {
				if x.Kind == "annotation" {
					named(x, p.head(x, heads))
				}
			}
		}
		for _, m := range c.Members {
			if m.Kind != analysis.KindField || !m.HasAnnotation("RegisterExtension") {
				continue
			}
			for _, x := range p.resolve(c, m.ReturnType) {
				add(x)
				for _, sub := range p.subtypes(x) {
					add(sub)
				}
			}
		}
	}
	if spring {
		for _, x := range p.springComponents() {
			if len(controllers) > 0 && webController(x) && !slices.Contains(controllers, x) {
				continue // @WebMvcTest(OwnerController.class) makes no other controller
			}
			add(x)
		}
	}
	return out
}

// writtenExtensions returns, when toks[i] is an @ExtendWith with its arguments, the project
// classes it names (class literals resolved as written from c) with their project
// supertypes; nil for any other token.
func (p *project) writtenExtensions(c *analysis.Type, toks []string, i int) []*analysis.Type {
	if toks[i] != "ExtendWith" || i+1 >= len(toks) || toks[i+1] != "(" {
		return nil
	}
	var out []*analysis.Type
	for _, cls := range qualifiedClassArgs(toks, i+1) {
		for _, x := range p.resolveWritten(c, cls) {
			out = append(out, x)
			out = append(out, p.supertypes(x)...)
		}
	}
	return out
}

// composedMethodExtensions returns the extensions the project annotations on test method
// m of t carry (an @ExtendWith on the annotation's declaration), with their project
// supertypes: JUnit registers them on that method as if written on it.
func (p *project) composedMethodExtensions(t *analysis.Type, m *analysis.Member) []*analysis.Type {
	var out []*analysis.Type
	for _, a := range m.Annotations {
		for _, x := range p.resolve(t, a) {
			if x.Kind != "annotation" {
				continue
			}
			head := p.head(x, nil)
			for i := range head {
				out = append(out, p.writtenExtensions(x, head, i)...)
			}
		}
	}
	return out
}

// hasMethodExtensions reports whether test method m of t registers an extension of its
// own: @ExtendWith on it, or a project annotation that carries one.
func (p *project) hasMethodExtensions(t *analysis.Type, m *analysis.Member) bool {
	if m.HasAnnotation("ExtendWith") {
		return true
	}
	for _, a := range m.Annotations {
		if slices.ContainsFunc(p.resolve(t, a), func(x *analysis.Type) bool { return x.Kind == "annotation" }) {
			return true // a project annotation, which may carry an @ExtendWith now or later
		}
	}
	return false
}

// slicedControllers returns the controllers a sliced web test (@WebMvcTest, @WebFluxTest)
// names, whose context holds no other controller; nil when it names none (all of them).
func (p *project) slicedControllers(c *analysis.Type, head []string) []*analysis.Type {
	var out []*analysis.Type
	for i := 0; i+1 < len(head); i++ {
		if (head[i] == "WebMvcTest" || head[i] == "WebFluxTest") && head[i+1] == "(" {
			for _, cls := range qualifiedClassArgs(head, i+1) {
				out = append(out, p.resolveWritten(c, cls)...)
			}
		}
	}
	return out
}

// webController reports whether x is a Spring MVC or WebFlux controller.
func webController(x *analysis.Type) bool {
	return x.HasAnnotation("Controller") || x.HasAnnotation("RestController")
}

// springTestAnnotations mark a test class whose tests run in a Spring application context.
var springTestAnnotations = map[string]bool{
	"SpringBootTest": true, "WebMvcTest": true, "WebFluxTest": true, "DataJpaTest": true, "DataJdbcTest": true,
	"DataMongoTest": true, "DataR2dbcTest": true, "JdbcTest": true, "JsonTest": true, "RestClientTest": true,
	"GraphQlTest": true, "AutoConfigureMockMvc": true, "SpringJUnitConfig": true, "SpringJUnitWebConfig": true,
	"ContextConfiguration": true, "SpringExtension": true, "SpringRunner": true, "SpringJUnit4ClassRunner": true,
}

// springTest reports whether the tests of c run in a Spring application context: its head
// (or that of an annotation the project declares on it) names a Spring test annotation,
// extension or runner.
func (p *project) springTest(c *analysis.Type, heads map[string][]string) bool {
	names := func(x *analysis.Type) bool {
		return slices.ContainsFunc(p.head(x, heads), func(tok string) bool { return springTestAnnotations[tok] })
	}
	if names(c) {
		return true
	}
	for _, a := range c.Annotations {
		for _, x := range p.resolve(c, a) {
			if x.Kind == "annotation" && names(x) {
				return true
			}
		}
	}
	return false
}

// springStereotypes mark the classes a Spring application context makes and calls by
// reflection: beans (their constructors, handler methods, formatters, validators) and the
// entities and views whose accessors data binding, JSON and templates call by name.
var springStereotypes = map[string]bool{
	"Component": true, "Service": true, "Repository": true, "Controller": true, "RestController": true,
	"ControllerAdvice": true, "RestControllerAdvice": true, "Configuration": true, "SpringBootApplication": true,
	"Entity": true, "Embeddable": true, "MappedSuperclass": true, "Document": true, "Table": true,
	"ConfigurationProperties": true, "XmlRootElement": true,
}

// springComponents returns the project classes a Spring test context may make or call by
// reflection (see springStereotypes): a test running in such a context may run any of
// their members without a call the graph sees (MockMvc dispatches to handler methods by
// path, templates call getters by name). The list is kept per snapshot.
func (p *project) springComponents() []*analysis.Type {
	if p.spring != nil && p.spring.snap == p.snap {
		return p.spring.types
	}
	var out []*analysis.Type
	for _, rel := range p.snap.SortedPaths() {
		for _, x := range p.snap.Files[rel].Types {
			if slices.ContainsFunc(x.Annotations, func(a string) bool { return springStereotypes[a] }) {
				out = append(out, x)
			}
		}
	}
	p.spring = &springComponentsOf{snap: p.snap, types: out}
	return out
}

// springContextAnnotations name the configuration classes a Spring test context builds
// its beans from (classes = …), before the class's tests run.
var springContextAnnotations = map[string]bool{
	"ContextConfiguration": true, "SpringJUnitConfig": true, "SpringJUnitWebConfig": true, "SpringBootTest": true,
	"ContextHierarchy": true,
}

// springConfigurations returns the classes whose @Bean methods and constructors Spring's
// test context runs for the tests of c (whose head tokens are head): those its context
// annotations name, and c's static nested classes annotated @Configuration or
// @TestConfiguration, which Spring picks up when none is named (commons-configuration's
// TestConfigurationPropertySource builds its property source in such a @Bean method).
func (p *project) springConfigurations(c *analysis.Type, head []string) []*analysis.Type {
	var out []*analysis.Type
	spring := false
	for i := 0; i < len(head); i++ {
		if !springContextAnnotations[head[i]] {
			continue
		}
		spring = true
		if i+1 < len(head) && head[i+1] == "(" {
			for _, cls := range qualifiedClassArgs(head, i+1) {
				out = append(out, p.resolveWritten(c, cls)...)
			}
		}
	}
	if !spring {
		return out
	}
	if f := p.fileOf(c); f != nil {
		for _, x := range f.Types {
			if x.Outer == c.ID && (x.HasAnnotation("Configuration") || x.HasAnnotation("TestConfiguration")) {
				out = append(out, x)
			}
		}
	}
	return out
}

// head returns the head tokens of type t: from heads when discovery lexed them, else
// from its source ("" when unreadable).
func (p *project) head(t *analysis.Type, heads map[string][]string) []string {
	if h, ok := heads[t.ID]; ok {
		return h
	}
	f := p.fileOf(t)
	if f == nil {
		return nil
	}
	src, err := p.source(f.Path)
	if err != nil {
		return nil
	}
	return classHead(src, t)
}
