package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// Commands served through workspace/executeCommand.
const (
	cmdRunAffected = "assertlens.runAffected" // run every affected unit
	cmdRunUnits    = "assertlens.runUnits"    // run the units given as arguments (unit ids)
	cmdShowWhy     = "assertlens.showWhy"     // explain why a unit (argument: its id) is affected
	cmdReindex     = "assertlens.reindex"     // index the workspace again
	// cmdRecordCoverage runs the whole suite with the coverage agent in the background and
	// stores the record hybrid selection and coverage hovers use.
	cmdRecordCoverage = "assertlens.recordCoverage"
)

func (s *server) executeCommand(ctx context.Context, raw json.RawMessage) (any, error) {
	var p struct {
		Command       string            `json:"command"`
		Arguments     []json.RawMessage `json:"arguments"`
		WorkDoneToken json.RawMessage   `json:"workDoneToken"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	switch p.Command {
	case cmdRunAffected:
		return s.run(ctx, nil, p.WorkDoneToken)
	case cmdRunUnits:
		ids := stringArgs(p.Arguments)
		if len(ids) == 0 {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdRunUnits+" needs unit ids as arguments")
		}
		return s.run(ctx, ids, p.WorkDoneToken)
	case cmdShowWhy:
		ids := stringArgs(p.Arguments)
		if len(ids) != 1 {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdShowWhy+" needs one unit id as argument")
		}
		return s.showWhy(ctx, ids[0])
	case cmdReindex:
		for _, ss := range s.allSessions() {
			ss.requestReindex()
		}
		return nil, nil
	case cmdRecordCoverage:
		return s.recordCoverage(ctx, p.WorkDoneToken)
	}
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("unknown command %q", p.Command))
}

// stringArgs flattens command arguments that are strings or arrays of strings.
func stringArgs(args []json.RawMessage) []string {
	var out []string
	for _, a := range args {
		var s string
		if json.Unmarshal(a, &s) == nil {
			out = append(out, s)
			continue
		}
		var list []string
		if json.Unmarshal(a, &list) == nil {
			out = append(out, list...)
		}
	}
	return out
}

// run runs units (nil: every affected unit) in every session that owns some, with progress
// and cancellation, then shows the outcome.
func (s *server) run(ctx context.Context, ids []string, token json.RawMessage) (any, error) {
	plan := s.planRun(ctx, ids)
	if len(plan) == 0 {
		return nil, jsonrpc2.NewError(codeRequestFailed, "no workspace folder to run tests in")
	}
	start := time.Now()
	p := s.prog.begin(ctx, "assertlens: running tests", true, token)
	defer p.end("")
	total := &selection.RunResult{}
	for _, step := range plan {
		if len(plan) > 1 {
			p.message("running tests in " + step.ss.root)
		}
		rr, err := step.ss.engine().Run(p.ctx, step.ids)
		switch {
		case err != nil && p.ctx.Err() != nil:
			p.end("cancelled")
			return nil, jsonrpc2.NewError(codeRequestCancelled, "test run cancelled")
		case err != nil:
			p.end("failed")
			s.showMessage(protocol.MessageTypeError, "assertlens: test run failed: %v", err)
			return nil, fmt.Errorf("run tests in %s: %w", step.ss.root, err)
		}
		step.ss.applyRun(ctx, rr)
		total.Units = append(total.Units, rr.Units...)
		total.CompileErrors = append(total.CompileErrors, rr.CompileErrors...)
		total.Totals.Selected += rr.Totals.Selected
		total.Totals.Passed += rr.Totals.Passed
		total.Totals.Failed += rr.Totals.Failed
		total.Totals.Errors += rr.Totals.Errors
		total.Totals.Skipped += rr.Totals.Skipped
		total.Timing.AnalysisMs += rr.Timing.AnalysisMs
		total.Timing.CompileMs += rr.Timing.CompileMs
		total.Timing.RunMs += rr.Timing.RunMs
	}
	summary := runSummary(total, time.Since(start))
	p.end(summary)
	typ := protocol.MessageTypeInfo
	if total.Totals.Failed+total.Totals.Errors > 0 || len(total.CompileErrors) > 0 {
		typ = protocol.MessageTypeWarning
	}
	if !s.clientCaps().showsResults {
		s.showMessage(typ, "assertlens: %s", summary)
	}
	return total, nil
}

type runStep struct {
	ss  *session
	ids []string
}

// planRun assigns unit ids to the sessions whose results hold them; ids no session knows go
// to the first session (the engine decides). nil ids run every affected unit everywhere.
func (s *server) planRun(ctx context.Context, ids []string) []runStep {
	sessions := s.allSessions()
	var plan []runStep
	if ids == nil {
		for _, ss := range sessions {
			ss.waitReady(ctx)
			plan = append(plan, runStep{ss: ss})
		}
		return plan
	}
	owned := map[*session][]string{}
	var order []*session
	for _, id := range ids {
		owner := (*session)(nil)
		for _, ss := range sessions {
			if _, ok := ss.findUnit(id); ok {
				owner = ss
				break
			}
		}
		if owner == nil && len(sessions) > 0 {
			owner = sessions[0]
		}
		if owner == nil {
			continue
		}
		if _, ok := owned[owner]; !ok {
			order = append(order, owner)
		}
		owned[owner] = append(owned[owner], id)
	}
	for _, ss := range order {
		ss.waitReady(ctx)
		plan = append(plan, runStep{ss: ss, ids: owned[ss]})
	}
	return plan
}

// applyRun records a run's outcome and republishes diagnostics and lenses.
func (ss *session) applyRun(ctx context.Context, rr *selection.RunResult) {
	gen := ss.currentGen()
	ss.resMu.Lock()
	for _, u := range rr.Units {
		ss.runs[u.ID] = u
	}
	ss.runGen = gen
	ss.resMu.Unlock()
	ss.publishDiagnostics(ctx, ss.srv.docs.versions(ss))
	ss.srv.refreshLenses()
	ss.srv.sendStatus()
	// A run can move the engine's baseline (lastRun): select again.
	ss.wake()
}

func runSummary(rr *selection.RunResult, d time.Duration) string {
	t := rr.Totals
	parts := []string{fmt.Sprintf("%d passed", t.Passed), fmt.Sprintf("%d failed", t.Failed)}
	if t.Errors > 0 {
		parts = append(parts, fmt.Sprintf("%d errors", t.Errors))
	}
	if t.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d skipped", t.Skipped))
	}
	msg := strings.Join(parts, ", ") + fmt.Sprintf(" (%s in %.1f s)", plural(t.Selected, "unit"), d.Seconds())
	if n := len(rr.CompileErrors); n > 0 {
		msg += fmt.Sprintf("; %s", plural(n, "compile error"))
	}
	return msg
}

// findUnit looks a unit up in the current result.
func (ss *session) findUnit(id string) (slicing.Unit, bool) {
	res, _ := ss.snapshot()
	if res == nil {
		return slicing.Unit{}, false
	}
	for _, u := range res.Units {
		if u.ID == id {
			return u, true
		}
	}
	return slicing.Unit{}, false
}

// showWhy explains a unit's selection, shows it and returns the text.
func (s *server) showWhy(ctx context.Context, id string) (any, error) {
	for _, ss := range s.allSessions() {
		ss.waitReady(ctx)
		u, ok := ss.findUnit(id)
		if !ok {
			continue
		}
		text := whyText(u)
		if !s.clientCaps().showsResults {
			s.showMessage(protocol.MessageTypeInfo, "%s", text)
		}
		return text, nil
	}
	return nil, jsonrpc2.NewError(codeRequestFailed, fmt.Sprintf("unit %s is not affected by the pending edits", id))
}

// whyText renders the whole chain of a unit: edit → … → test → unit.
func whyText(u slicing.Unit) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, line %d) is affected", shortID(u.ID), u.Level, u.Line)
	if len(u.Because) > 0 {
		short := make([]string, len(u.Because))
		for i, c := range u.Because {
			short[i] = shortID(c)
		}
		fmt.Fprintf(&b, " by your edit to %s", strings.Join(short, ", "))
	}
	b.WriteString(".")
	if steps := viaSteps(u.Via); len(steps) > 0 {
		out := make([]string, len(steps))
		for i, st := range steps {
			out[len(steps)-1-i] = st.render("")
		}
		b.WriteString("\nchain: " + strings.Join(out, " → ") + " → " + shortID(u.ID))
	}
	if u.Reason != nil && *u.Reason != "" {
		fmt.Fprintf(&b, "\nselected as a whole %s: %s", u.Level, *u.Reason)
	}
	return b.String()
}

// CoverageSummary is the answer of assertlens.recordCoverage: one entry per workspace
// folder, with the record's summary.
type CoverageSummary struct {
	Root    string `json:"root"`
	Tests   int    `json:"tests"`
	Passed  int    `json:"passed"`
	Failed  int    `json:"failed"`
	Members int    `json:"members"`
	SuiteMs int64  `json:"suiteMs"`
}

// recordCoverageAfterSave refreshes the coverage record in the background after a save when
// the recordCoverageOnSave setting is on: a run a previous save started is cancelled first
// (its record would describe sources that are gone). Edits go on meanwhile.
func (s *server) recordCoverageAfterSave() {
	s.mu.Lock()
	if !s.settings.RecordOnSave || s.state != stateInitialized {
		s.mu.Unlock()
		return
	}
	if s.stopSaveCoverage != nil {
		s.stopSaveCoverage()
	}
	ctx, cancel := context.WithCancel(s.ctx)
	s.stopSaveCoverage = cancel
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		defer cancel()
		if _, err := s.recordCoverage(ctx, nil); err != nil && ctx.Err() == nil {
			s.log.logf("coverage after save: %v", err)
		}
	}()
}

// recordCoverage records a fresh coverage record in every workspace folder whose engine can,
// with cancellable progress (tests done / total). Edits go on meanwhile: the engine does not
// hold its lock during the run. Afterwards every folder selects again with the new record.
func (s *server) recordCoverage(ctx context.Context, token json.RawMessage) (any, error) {
	var out []CoverageSummary
	p := s.prog.begin(ctx, "assertlens: recording coverage", true, token)
	defer p.end("")
	for _, ss := range s.allSessions() {
		ss.waitReady(ctx)
		ss.settle(ctx)
		rec, ok := ss.engine().(CoverageRecorder)
		if !ok {
			continue
		}
		p.message("running the suite with coverage in " + ss.root)
		cov, err := rec.RecordCoverage(p.ctx, p.report)
		switch {
		case err != nil && p.ctx.Err() != nil:
			p.end("cancelled")
			return nil, jsonrpc2.NewError(codeRequestCancelled, "coverage run cancelled")
		case err != nil:
			p.end("failed")
			s.showMessage(protocol.MessageTypeError, "assertlens: coverage run failed: %v", err)
			return nil, fmt.Errorf("record coverage in %s: %w", ss.root, err)
		}
		sum := cov.Summary
		out = append(out, CoverageSummary{Root: ss.root, Tests: sum.Tests, Passed: sum.Passed, Failed: sum.Failed,
			Members: sum.Members, SuiteMs: sum.SuiteMs})
		ss.wake()
	}
	if len(out) == 0 {
		return nil, jsonrpc2.NewError(codeRequestFailed, "no workspace folder can record coverage")
	}
	msg := fmt.Sprintf("coverage recorded: %s", plural(out[0].Tests, "test"))
	p.end(msg)
	s.sendStatus()
	s.refreshLenses()
	return out, nil
}
