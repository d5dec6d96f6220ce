-- Headless end-to-end test of the assertlens Neovim plugin against the real server.
-- Started by test/run.sh, which prepares the workspace and the environment:
--   ASSERTLENS_BIN, ASSERTLENS_TEST_ROOT, ASSERTLENS_TEST_EXPECT, ASSERTLENS_TEST_STDERR
-- Exits 0 when every check passed, 1 (with a message on stderr) otherwise.
local env = vim.env
local timeout = tonumber(env.ASSERTLENS_TEST_TIMEOUT_MS or '') or 30000
local verbose = env.ASSERTLENS_TEST_VERBOSE ~= nil and env.ASSERTLENS_TEST_VERBOSE ~= ''

local function log(fmt, ...)
  io.stdout:write('nvim-test: ' .. string.format(fmt, ...) .. '\n')
  io.stdout:flush()
end

local Failure = {}
local function fail(fmt, ...)
  error(setmetatable({ msg = string.format(fmt, ...) }, Failure), 2)
end
local function check(cond, fmt, ...)
  if not cond then
    fail(fmt, ...)
  end
end

local notes = {}
vim.notify = function(msg, level)
  table.insert(notes, { msg = tostring(msg), level = level })
  if verbose then
    log('notify[%s]: %s', tostring(level), tostring(msg))
  end
end

local function wait_for(what, pred, ms)
  local ok = vim.wait(ms or timeout, pred, 25)
  if not ok then
    fail('timed out after %d ms waiting for %s', ms or timeout, what)
  end
end

local function readjson(path)
  local lines = vim.fn.readfile(path)
  return vim.fn.json_decode(table.concat(lines, '\n'))
end

local function main()
  local root = env.ASSERTLENS_TEST_ROOT
  local expect = readjson(env.ASSERTLENS_TEST_EXPECT)
  local classpath = {}
  for _, jar in ipairs(expect.classpath) do
    if vim.loop.fs_stat(jar) then
      table.insert(classpath, jar)
    end
  end

  vim.cmd('filetype on')
  vim.o.hidden = true
  local al = require('assertlens')
  al.setup({
    -- The wrapper only sends the server's stderr to a file for the failure report.
    cmd = { 'sh', '-c', 'exec "$0" serve 2>>"$1"', env.ASSERTLENS_BIN, env.ASSERTLENS_TEST_STDERR },
    baseline = 'head',
    classpath = classpath,
    debounce_ms = 50,
  })

  local prod_file = root .. '/' .. expect.edit.file
  local test_file = root .. '/' .. expect.affected.file
  vim.cmd('edit ' .. vim.fn.fnameescape(test_file))
  local test_buf = vim.api.nvim_get_current_buf()
  vim.cmd('edit ' .. vim.fn.fnameescape(prod_file))
  local prod_buf = vim.api.nvim_get_current_buf()
  check(vim.bo[prod_buf].filetype == 'java', 'filetype of %s is %q, not java', prod_file, vim.bo[prod_buf].filetype)

  -- 1. attach
  wait_for('the assertlens client to attach and initialize', function()
    local cs = al.clients(prod_buf)
    return #cs > 0 and cs[1].initialized == true and #al.clients(test_buf) > 0
  end)
  local client = al.clients(prod_buf)[1]
  log('attached: client %d, root %s, nvim %s', client.id, client.config.root_dir, tostring(vim.version and vim.version() and vim.version().minor))
  check(client.config.root_dir == root, 'root_dir %s, expected %s', tostring(client.config.root_dir), root)
  local caps = client.server_capabilities
  local cmds = caps.executeCommandProvider and caps.executeCommandProvider.commands or {}
  for _, c in ipairs(al.server_commands) do
    check(vim.tbl_contains(cmds, c), 'server does not list %s in executeCommandProvider (%s)', c, vim.inspect(cmds))
  end
  check(caps.codeLensProvider ~= nil, 'server has no codeLensProvider')

  -- Nothing is edited yet: no assertion may be marked.
  vim.wait(800, function() return false end)
  check(#al.diagnostics(nil, true) == 0, 'no edit yet, but affected diagnostics: %s', vim.inspect(al.diagnostics(nil, true)))

  -- 2. an unsaved edit to a production method
  local lnum = expect.edit.line - 1
  local line = vim.api.nvim_buf_get_lines(prod_buf, lnum, lnum + 1, true)[1]
  local col = line:find(expect.edit.find, 1, true)
  check(col ~= nil, 'fixture: %q not on line %d: %s', expect.edit.find, expect.edit.line, line)
  col = col - 1
  vim.api.nvim_buf_set_text(prod_buf, lnum, col, lnum, col + #expect.edit.find, { expect.edit.replace })
  check(vim.bo[prod_buf].modified, 'the edit should leave the buffer modified (unsaved)')
  log('edited %s:%d (unsaved): %s', expect.edit.file, expect.edit.line, vim.api.nvim_buf_get_lines(prod_buf, lnum, lnum + 1, true)[1])

  -- 3. diagnostics exactly on the affected assertion lines
  local want = expect.affected.lines
  wait_for('affected diagnostics on lines ' .. table.concat(want, ',') .. ' of ' .. expect.affected.file, function()
    return #al.diagnostics(test_buf, true) >= #want
  end)
  vim.wait(300, function() return false end) -- a late, different publish would be a bug too
  local diags = al.diagnostics(test_buf, true)
  local got = {}
  for _, d in ipairs(diags) do
    table.insert(got, d.lnum + 1)
  end
  table.sort(got)
  check(vim.deep_equal(got, want), 'affected lines %s, expected %s: %s', vim.inspect(got), vim.inspect(want), vim.inspect(diags))
  for _, d in ipairs(diags) do
    check(d.severity == vim.diagnostic.severity.INFO, 'severity %s on line %d, expected INFO', tostring(d.severity), d.lnum + 1)
    check(d.message:find(expect.affected.messageContains, 1, true) ~= nil, 'message %q should name the edited member', d.message)
    local unit = al.unit_of(d)
    check(unit ~= nil and vim.tbl_contains(expect.affected.units, unit), 'unit %s on line %d not in %s', tostring(unit), d.lnum + 1, vim.inspect(expect.affected.units))
  end
  local total = #al.diagnostics(nil, true)
  check(total == #want, 'only the affected assertions may be marked; %d affected diagnostics in all buffers', total)
  check(al.affected_count() == #want, 'affected_count() = %d', al.affected_count())
  log('diagnostics on %s lines %s: %q', expect.affected.file, table.concat(got, ','), diags[1].message)

  -- 4. code lenses on the edited member and on the test
  local function lens_near(buf, lo, hi)
    for _, l in ipairs(al.lenses(buf)) do
      if l.command and l.range.start.line >= lo and l.range.start.line <= hi then
        return l
      end
    end
  end
  al.refresh_lenses(prod_buf)
  local prod_lens
  wait_for('a resolved code lens on the edited method', function()
    prod_lens = lens_near(prod_buf, lnum - 3, lnum)
    if not prod_lens then
      al.refresh_lenses(prod_buf)
    end
    return prod_lens ~= nil
  end)
  check(prod_lens.command.title:lower():find('affect', 1, true) ~= nil, 'lens title %q', prod_lens.command.title)
  check(prod_lens.command.command:find('^assertlens%.') ~= nil, 'lens command %q', prod_lens.command.command)
  log('lens on %s:%d: %q → %s', expect.edit.file, prod_lens.range.start.line + 1, prod_lens.command.title, prod_lens.command.command)
  vim.cmd('buffer ' .. test_buf)
  local first = want[1] - 1
  local test_lens
  wait_for('a resolved code lens on the affected test', function()
    test_lens = lens_near(test_buf, 0, first - 1)
    if not test_lens then
      al.refresh_lenses(test_buf)
    end
    return test_lens ~= nil
  end)
  log('lens on %s:%d: %q', expect.affected.file, test_lens.range.start.line + 1, test_lens.command.title)

  -- 5. :AssertlensWhy on an affected assertion
  vim.api.nvim_win_set_cursor(0, { want[1], 0 })
  al.last_report = nil
  vim.cmd('AssertlensWhy')
  wait_for(':AssertlensWhy to report', function()
    return al.last_report ~= nil
  end)
  check(al.last_report.kind == 'why', ':AssertlensWhy reported %s: %s', al.last_report.kind, al.last_report.text)
  check(al.last_report.text:find(expect.affected.messageContains, 1, true) ~= nil, 'why text %q', al.last_report.text)
  log(':AssertlensWhy → %s', al.last_report.text:gsub('\n', ' | '))

  -- 6. undo the edit: the marks go away; redo: they come back
  vim.api.nvim_buf_set_text(prod_buf, lnum, col, lnum, col + #expect.edit.replace, { expect.edit.find })
  local cleared = vim.wait(timeout, function()
    return #al.diagnostics(nil, true) == 0
  end, 25)
  if not cleared then
    local left = {}
    for _, d in ipairs(al.diagnostics(nil, true)) do
      table.insert(left, string.format('%s:%d %s', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(d.bufnr), ':t'), d.lnum + 1, d.message))
    end
    fail('affected diagnostics did not clear after undoing the edit (buffer and disk equal HEAD again): %s', table.concat(left, '; '))
  end
  log('undo clears the diagnostics')

  vim.api.nvim_buf_set_text(prod_buf, lnum, col, lnum, col + #expect.edit.find, { expect.edit.replace })
  wait_for('affected diagnostics to come back after redoing the edit', function()
    return #al.diagnostics(test_buf, true) >= #want
  end)
  local again = {}
  for _, d in ipairs(al.diagnostics(test_buf, true)) do
    table.insert(again, d.lnum + 1)
  end
  table.sort(again)
  check(vim.deep_equal(again, want), 'after redo: affected lines %s, expected %s', vim.inspect(again), vim.inspect(want))
  log('redo marks lines %s again', table.concat(again, ','))

  -- 7. :AssertlensRunAffected reports a run result (the server always runs; an
  -- "unavailable" answer is a failure)
  local function run(cmdline, command)
    al.last_report = nil
    notes = {}
    vim.cmd(cmdline)
    wait_for(cmdline .. ' to report', function()
      return al.last_report ~= nil and al.last_report.command == command
    end, timeout * 4)
    local r = al.last_report
    local shown = false
    for _, n in ipairs(notes) do
      if n.msg == r.text then
        shown = true
      end
    end
    check(shown, '%s: report %q was not shown with vim.notify (%s)', cmdline, r.text, vim.inspect(notes))
    check(r.kind == 'failed' or r.kind == 'passed', '%s reported %s: %s', cmdline, r.kind, r.text)
    -- The edit drops a minus sign: exactly the expected assertions fail.
    local failed = {}
    for _, u in ipairs(r.result.units or {}) do
      if u.status == 'failed' or u.status == 'error' then
        table.insert(failed, u.line)
      end
    end
    table.sort(failed)
    check(vim.deep_equal(failed, expect.failsAfterEdit), '%s: failed lines %s, expected %s (%s)', cmdline, vim.inspect(failed), vim.inspect(expect.failsAfterEdit), r.text)
    log('%s → %s', cmdline, r.text:gsub('\n', ' | '))
    return r
  end
  local r = run('AssertlensRunAffected', 'assertlens.runAffected')
  if r.kind == 'failed' then
    wait_for('an Error diagnostic on the failed assertion', function()
      for _, d in ipairs(al.diagnostics(test_buf, false)) do
        if d.severity == vim.diagnostic.severity.ERROR and d.lnum + 1 == expect.failsAfterEdit[1] then
          return true
        end
      end
      return false
    end)
  end
  local units = al.file_units(test_buf)
  check(#units >= 1, ':AssertlensRunFile would run %s', vim.inspect(units))
  run('AssertlensRunFile', 'assertlens.runUnits')

  -- 8. save: the hint says how many assertions are affected
  vim.cmd('buffer ' .. prod_buf)
  notes = {}
  vim.cmd('silent write')
  local hint = al.affected_text(#want)
  wait_for('the save hint "' .. hint .. '"', function()
    for _, n in ipairs(notes) do
      if n.msg:find(hint, 1, true) then
        return true
      end
    end
    return false
  end, 5000)
  log('save hint: %s', hint)

  -- 9. stop the server cleanly
  local id = client.id
  vim.lsp.stop_client(id)
  wait_for('the server to stop', function()
    return vim.lsp.get_client_by_id(id) == nil
  end, 10000)
end

local ok, err = xpcall(main, function(e)
  if getmetatable(e) == Failure then
    return e.msg
  end
  return debug.traceback(tostring(e), 2)
end)
if ok then
  log('all checks passed')
  vim.cmd('qa!')
else
  io.stderr:write('nvim-test: FAIL: ' .. tostring(err) .. '\n')
  if #notes > 0 then
    io.stderr:write('nvim-test: recent notifications:\n')
    for i = math.max(1, #notes - 8), #notes do
      io.stderr:write('  ' .. notes[i].msg .. '\n')
    end
  end
  io.stderr:flush()
  vim.cmd('cquit 1')
end
