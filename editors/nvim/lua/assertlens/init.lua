-- assertlens for Neovim: a thin client of `assertlens serve`.
--
--   require('assertlens').setup({ cmd = { 'assertlens', 'serve' }, baseline = 'head' })
--
-- Works with Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client) through 0.10+
-- (vim.lsp.start, client:request, vim.lsp.codelens.enable where it exists).
local M = {}

local api = vim.api
local uv = vim.uv or vim.loop

M.name = 'assertlens'
M.source = 'assertlens'
M.server_commands = { 'assertlens.runAffected', 'assertlens.runUnits', 'assertlens.showWhy', 'assertlens.reindex', 'assertlens.recordCoverage' }

local defaults = {
  cmd = { 'assertlens', 'serve' },
  cmd_env = nil,
  filetypes = { 'java' },
  baseline = 'head', -- 'head' | 'saved' | 'lastRun'
  classpath = {},
  extra_assertions = {},
  debounce_ms = nil, -- server default when nil
  record_coverage_on_run = false, -- runs record coverage (whole test methods) into the record
  record_coverage_on_save = false, -- each save records the suite's coverage again, in the background
  root_markers = { { '.git', 'settings.gradle', 'settings.gradle.kts', 'mvnw', 'gradlew' }, { 'pom.xml', 'build.gradle', 'build.gradle.kts' } },
  notify_on_save = true,
  on_attach = nil,
}

M.config = vim.deepcopy(defaults)

--- The last thing a command reported, for scripts and tests:
--- { command = 'assertlens.runAffected', kind = 'passed'|'failed'|'empty'|'unavailable'|'error'|'unknown'|'why', text = '...', result = <raw> }
M.last_report = nil

local has = function(v)
  return vim.fn.has(v) == 1
end

local function notify(msg, level)
  vim.notify(msg, level or vim.log.levels.INFO, { title = 'assertlens' })
end

-- Version shims ---------------------------------------------------------------------------

local function client_request(client, method, params, handler, bufnr)
  if has('nvim-0.11') then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function client_notify(client, method, params)
  if has('nvim-0.11') then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

local function client_stopped(client)
  if has('nvim-0.11') then
    return client:is_stopped()
  end
  return client.is_stopped()
end

--- All running assertlens clients (optionally only those attached to bufnr).
function M.clients(bufnr)
  local out = {}
  if vim.lsp.get_clients then
    out = vim.lsp.get_clients({ name = M.name, bufnr = bufnr })
  else
    local all = bufnr and vim.lsp.buf_get_clients(bufnr) or vim.lsp.get_active_clients()
    for _, c in pairs(all) do
      if c.name == M.name then
        table.insert(out, c)
      end
    end
  end
  return out
end

local function codelens_auto()
  -- Neovim 0.12+ refreshes lenses itself once enabled for a buffer.
  return vim.lsp.codelens and vim.lsp.codelens.enable ~= nil
end

--- Code lenses of a buffer as plain lsp.CodeLens tables, on every Neovim version.
function M.lenses(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and api.nvim_get_current_buf() or bufnr
  if codelens_auto() then
    local out = {}
    for _, item in ipairs(vim.lsp.codelens.get({ bufnr = bufnr })) do
      table.insert(out, item.lens)
    end
    return out
  end
  return vim.lsp.codelens.get(bufnr)
end

--- Asks the server for fresh lenses of bufnr (a no-op where Neovim does it itself).
function M.refresh_lenses(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and api.nvim_get_current_buf() or bufnr
  if codelens_auto() or not api.nvim_buf_is_loaded(bufnr) or #M.clients(bufnr) == 0 then
    return
  end
  if has('nvim-0.10') then
    vim.lsp.codelens.refresh({ bufnr = bufnr })
  else
    -- Before 0.10 refresh() works on the current buffer only.
    api.nvim_buf_call(bufnr, function()
      vim.lsp.codelens.refresh()
    end)
  end
end

-- Settings ---------------------------------------------------------------------------------

--- The server's "assertlens" settings section built from the plugin config.
function M.server_settings(cfg)
  cfg = cfg or M.config
  local s = {
    baseline = cfg.baseline or 'head',
    classpath = cfg.classpath or {},
    extraAssertions = cfg.extra_assertions or {},
    recordCoverageOnRun = cfg.record_coverage_on_run or false,
    recordCoverageOnSave = cfg.record_coverage_on_save or false,
  }
  if cfg.debounce_ms ~= nil then
    s.debounceMs = cfg.debounce_ms
  end
  return s
end

-- Empty Lua tables encode as JSON arrays ([]), which is what the server wants for lists.
local json_settings = function()
  return M.server_settings()
end

-- Root detection ---------------------------------------------------------------------------

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function parent(dir)
  local p = vim.fn.fnamemodify(dir, ':h')
  if p == dir then
    return nil
  end
  return p
end

--- The workspace root of a file: the nearest folder with a marker of the first group
--- (.git, settings.gradle, …), else of the second group (pom.xml, build.gradle), else the
--- file's own folder.
function M.find_root(fname, markers)
  markers = markers or M.config.root_markers
  local start = vim.fn.fnamemodify(fname, ':p:h')
  for _, group in ipairs(markers) do
    group = type(group) == 'table' and group or { group }
    local dir = start
    while dir do
      for _, m in ipairs(group) do
        if exists(dir .. '/' .. m) then
          return dir
        end
      end
      dir = parent(dir)
    end
  end
  return start
end

-- Diagnostics ------------------------------------------------------------------------------

local function unit_of(d)
  local lsp = d.user_data and d.user_data.lsp
  local data = lsp and lsp.data
  if type(data) == 'table' and type(data.unit) == 'string' and data.unit ~= '' then
    return data.unit
  end
  return nil
end
M.unit_of = unit_of

local function is_ours(d)
  return d.source == M.source
end

local function is_affected(d)
  return is_ours(d) and (d.severity == vim.diagnostic.severity.INFO or d.severity == vim.diagnostic.severity.HINT)
end

--- assertlens diagnostics of a buffer (nil: every buffer), optionally only the affected ones.
function M.diagnostics(bufnr, affected_only)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if (affected_only and is_affected(d)) or (not affected_only and is_ours(d)) then
      table.insert(out, d)
    end
  end
  return out
end

--- Number of affected assertions across all buffers (each unit once).
function M.affected_count()
  local seen, n = {}, 0
  for _, d in ipairs(M.diagnostics(nil, true)) do
    local key = unit_of(d) or (tostring(d.bufnr) .. ':' .. d.lnum)
    if not seen[key] then
      seen[key] = true
      n = n + 1
    end
  end
  return n
end

function M.affected_text(n)
  if n == 0 then
    return 'no assertions affected'
  end
  return string.format('%d %s affected', n, n == 1 and 'assertion' or 'assertions')
end

--- Unit ids of a buffer's assertlens diagnostics, in line order, each once.
function M.file_units(bufnr)
  local ds = M.diagnostics(bufnr or api.nvim_get_current_buf(), false)
  table.sort(ds, function(a, b)
    return a.lnum < b.lnum
  end)
  local out, seen = {}, {}
  for _, d in ipairs(ds) do
    local u = unit_of(d)
    if u and not seen[u] and d.severity ~= vim.diagnostic.severity.WARN then
      seen[u] = true
      table.insert(out, u)
    end
  end
  return out
end

--- The unit under the cursor: a diagnostic covering the line, else the nearest in the buffer.
function M.unit_at(bufnr, lnum)
  local best, best_dist
  for _, d in ipairs(M.diagnostics(bufnr, false)) do
    local u = unit_of(d)
    if u then
      local last = d.end_lnum or d.lnum
      local dist = 0
      if lnum < d.lnum then
        dist = d.lnum - lnum
      elseif lnum > last then
        dist = lnum - last
      end
      if not best_dist or dist < best_dist then
        best, best_dist = u, dist
      end
    end
  end
  return best
end

-- Progress (for statusline) ----------------------------------------------------------------

local progress = {} -- token -> { title, message, percentage }

--- A short status for statuslines: spinner text while indexing/running, else the count.
function M.status()
  for _, p in pairs(progress) do
    local pct = p.percentage and string.format(' %d%%', p.percentage) or ''
    local title = p.title or 'working'
    if not title:lower():find('^assertlens') then
      title = 'assertlens: ' .. title
    end
    return title .. pct
  end
  if #M.clients() == 0 then
    return ''
  end
  local s = M.affected_text(M.affected_count())
  if M.last_run and M.last_run.short then
    s = s .. ' · last run ' .. M.last_run.short
  end
  local cov = M.server_status and M.server_status.coverage
  if type(cov) == 'string' and cov ~= '' and cov ~= 'none' then
    s = s .. ' · coverage ' .. cov
  end
  return s
end

local function on_progress(err, result, ctx, config)
  if result and result.value and type(result.value) == 'table' then
    local v, key = result.value, tostring(result.token)
    if v.kind == 'begin' then
      progress[key] = { title = v.title, message = v.message, percentage = v.percentage }
    elseif v.kind == 'report' and progress[key] then
      progress[key].message = v.message or progress[key].message
      progress[key].percentage = v.percentage or progress[key].percentage
    elseif v.kind == 'end' then
      progress[key] = nil
    end
  end
  local default = vim.lsp.handlers['$/progress']
  if default then
    return default(err, result, ctx, config)
  end
end

-- Commands ---------------------------------------------------------------------------------

local function summarize_run(result)
  if type(result) ~= 'table' then
    return 'unknown', 'assertlens: the run returned ' .. vim.inspect(result)
  end
  if result.totals == nil and result.units == nil and type(result.result) == 'table' then
    result = result.result
  end
  local t = result.totals
  local sel, passed, failed, skipped = 0, 0, 0, 0
  if type(t) == 'table' then
    sel, passed, failed, skipped = t.selected or 0, t.passed or 0, (t.failed or 0) + (t.errors or 0), t.skipped or 0
  elseif type(result.units) == 'table' then
    for _, u in ipairs(result.units) do
      sel = sel + 1
      if u.status == 'passed' then
        passed = passed + 1
      elseif u.status == 'failed' or u.status == 'error' then
        failed = failed + 1
      elseif u.status == 'skipped' then
        skipped = skipped + 1
      end
    end
  else
    return 'unknown', 'assertlens: unexpected run result ' .. vim.inspect(result)
  end
  local compile = type(result.compileErrors) == 'table' and #result.compileErrors or 0
  if sel == 0 and compile == 0 then
    return 'empty', 'assertlens: no affected assertions to run'
  end
  if failed > 0 or compile > 0 then
    local lines = { string.format('assertlens: ✗ %d of %d failed', failed, sel) }
    if compile > 0 then
      lines[1] = lines[1] .. string.format(', %d compile errors', compile)
    end
    for _, u in ipairs(type(result.units) == 'table' and result.units or {}) do
      if u.status == 'failed' or u.status == 'error' then
        table.insert(lines, string.format('  %s%s', u.id or u.test or '?', u.message and (': ' .. u.message) or ''))
      end
    end
    return 'failed', table.concat(lines, '\n'), string.format('✗ %d/%d', failed, sel)
  end
  return 'passed', string.format('assertlens: ✓ %d of %d passed%s', passed, sel, skipped > 0 and string.format(', %d skipped', skipped) or ''),
    string.format('✓ %d/%d', passed, sel)
end
M._summarize_run = summarize_run

local function report(command, kind, text, result, short)
  M.last_report = { command = command, kind = kind, text = text, result = result, short = short }
  if kind == 'passed' or kind == 'failed' then
    M.last_run = M.last_report
  end
  local level = vim.log.levels.INFO
  if kind == 'failed' or kind == 'error' then
    level = vim.log.levels.ERROR
  elseif kind == 'unavailable' or kind == 'unknown' then
    level = vim.log.levels.WARN
  end
  if kind == 'why' then
    local lines = vim.split(text, '\n', { plain = true })
    if #api.nvim_list_uis() > 0 then
      vim.lsp.util.open_floating_preview(lines, 'text', { border = 'rounded', focus_id = 'assertlens.why' })
    else
      notify(text)
    end
  else
    notify(text, level)
  end
  pcall(api.nvim_exec_autocmds, 'User', { pattern = 'AssertlensReport', modeline = false })
end

local function pick_client(bufnr)
  local cs = M.clients(bufnr)
  if #cs == 0 then
    cs = M.clients()
  end
  return cs[1]
end

--- Runs a server command and reports its answer (notification, float, M.last_report).
function M.execute(command, arguments, bufnr)
  bufnr = bufnr or api.nvim_get_current_buf()
  local client = pick_client(bufnr)
  if not client then
    report(command, 'error', 'assertlens: no server running for this buffer (is it a Java file in a project?)')
    return
  end
  local is_run = command == 'assertlens.runAffected' or command == 'assertlens.runUnits'
  if is_run then
    notify('assertlens: running…')
  end
  local params = { command = command, arguments = arguments or {} }
  client_request(client, 'workspace/executeCommand', params, function(err, result)
    if err then
      local msg = type(err) == 'table' and (err.message or vim.inspect(err)) or tostring(err)
      if msg:lower():find('not available yet', 1, true) then
        report(command, 'unavailable', 'assertlens: running is not available yet (' .. msg .. ')')
      else
        report(command, 'error', string.format('assertlens: %s failed: %s', command:gsub('^assertlens%.', ''), msg))
      end
      return
    end
    if is_run then
      local kind, text, short = summarize_run(result)
      report(command, kind, text, result, short)
    elseif command == 'assertlens.showWhy' then
      local text = type(result) == 'string' and result
        or (type(result) == 'table' and (result.text or (result.via and table.concat(result.via, '\n  → '))))
        or vim.inspect(result)
      report(command, 'why', text, result)
    else
      report(command, 'done', 'assertlens: ' .. command:gsub('^assertlens%.', '') .. ' done', result)
    end
    M.refresh_lenses(bufnr)
  end, bufnr)
end

function M.run_affected()
  M.execute('assertlens.runAffected', {})
end

function M.run_file(bufnr)
  bufnr = bufnr or api.nvim_get_current_buf()
  local units = M.file_units(bufnr)
  if #units == 0 then
    report('assertlens.runUnits', 'empty', 'assertlens: no affected assertions in this file')
    return
  end
  M.execute('assertlens.runUnits', units, bufnr)
end

function M.why(bufnr, lnum)
  bufnr = bufnr or api.nvim_get_current_buf()
  lnum = lnum or (api.nvim_win_get_cursor(0)[1] - 1)
  local unit = M.unit_at(bufnr, lnum)
  if not unit then
    report('assertlens.showWhy', 'empty', 'assertlens: no affected assertion here')
    return
  end
  M.execute('assertlens.showWhy', { unit }, bufnr)
end

function M.reindex()
  M.execute('assertlens.reindex', {})
end

-- Runs the whole suite with the coverage agent in the background (the server reports
-- progress); hybrid selection and coverage hovers use the new record.
function M.record_coverage()
  M.execute('assertlens.recordCoverage', {})
end

-- Lens commands run through M.execute so their answers are reported the same way.
local client_commands = {}
for _, name in ipairs(M.server_commands) do
  client_commands[name] = function(command, ctx)
    M.execute(command.command, command.arguments or {}, ctx and ctx.bufnr)
  end
end

-- Starting and attaching -------------------------------------------------------------------

local started_by_root = {} -- 0.7 only: root -> client id

local message_levels = { vim.log.levels.ERROR, vim.log.levels.WARN, vim.log.levels.INFO, vim.log.levels.DEBUG }

-- Server summaries (window/showMessage) go through vim.notify on every version, so they look
-- like the plugin's own reports (and reach notification plugins).
local function on_show_message(_, result)
  if type(result) == 'table' and type(result.message) == 'string' then
    notify(result.message, message_levels[result.type] or vim.log.levels.INFO)
  end
  return vim.NIL
end

--- The server's assertlens/status: counts and the coverage record's state.
local function on_status(_, params)
  if type(params) == 'table' then
    M.server_status = params
  end
  return vim.NIL
end

local function handlers()
  local h = { ['$/progress'] = on_progress, ['window/showMessage'] = on_show_message, ['assertlens/status'] = on_status }
  if not vim.lsp.handlers['workspace/codeLens/refresh'] then
    h['workspace/codeLens/refresh'] = function(_, _, ctx)
      for _, b in ipairs(vim.lsp.get_buffers_by_client_id(ctx.client_id)) do
        M.refresh_lenses(b)
      end
      return vim.NIL
    end
  end
  return h
end

local function capabilities()
  local caps = vim.lsp.protocol.make_client_capabilities()
  caps.experimental = caps.experimental or {}
  caps.experimental.assertlens = { status = true }
  if not vim.lsp.handlers['workspace/codeLens/refresh'] then
    caps.workspace = caps.workspace or {}
    caps.workspace.codeLens = { refreshSupport = true }
  end
  return caps
end

local function on_attach(client, bufnr)
  if codelens_auto() then
    pcall(vim.lsp.codelens.enable, true, { bufnr = bufnr })
  else
    M.refresh_lenses(bufnr)
  end
  if M.config.on_attach then
    M.config.on_attach(client, bufnr)
  end
end

--- The client config for a root, as given to vim.lsp.start / vim.lsp.start_client.
function M.client_config(root)
  return {
    name = M.name,
    cmd = M.config.cmd,
    cmd_env = M.config.cmd_env,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
    init_options = json_settings(),
    settings = { assertlens = json_settings() },
    handlers = handlers(),
    commands = client_commands,
    capabilities = capabilities(),
    on_init = function(client)
      if not has('nvim-0.10') then
        -- 0.10+ sends the settings itself after initialize.
        client_notify(client, 'workspace/didChangeConfiguration', { settings = { assertlens = json_settings() } })
      end
    end,
    on_attach = on_attach,
  }
end

--- Starts (or reuses) the server for bufnr's workspace and attaches the buffer.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and api.nvim_get_current_buf() or bufnr
  local fname = api.nvim_buf_get_name(bufnr)
  if fname == '' or vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  local root = M.find_root(fname)
  local config = M.client_config(root)
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = started_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client_stopped(client) then
    id = vim.lsp.start_client(config)
    if not id then
      notify('assertlens: could not start ' .. table.concat(M.config.cmd, ' '), vim.log.levels.ERROR)
      return nil
    end
    started_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

local function notify_after_save()
  local delay = (M.config.debounce_ms or 100) + 400
  vim.defer_fn(function()
    if #M.clients() > 0 then
      notify('assertlens: ' .. M.affected_text(M.affected_count()))
    end
  end, delay)
end

local group

--- Configures the plugin; may be called again to change settings (running servers are told).
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  if opts and opts.classpath then
    M.config.classpath = opts.classpath -- lists replace, not merge
  end
  if opts and opts.extra_assertions then
    M.config.extra_assertions = opts.extra_assertions
  end
  for _, c in ipairs(M.clients()) do
    c.config.settings = { assertlens = json_settings() } -- answers workspace/configuration
    client_notify(c, 'workspace/didChangeConfiguration', { settings = { assertlens = json_settings() } })
  end

  group = api.nvim_create_augroup('assertlens', { clear = true })
  api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.config.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  if not codelens_auto() then
    api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost' }, {
      group = group,
      callback = function(args)
        if #M.clients(args.buf) > 0 then
          M.refresh_lenses(args.buf)
        end
      end,
    })
  end
  api.nvim_create_autocmd('BufWritePost', {
    group = group,
    callback = function(args)
      if M.config.notify_on_save and #M.clients(args.buf) > 0 then
        notify_after_save()
      end
    end,
  })

  local cmd = api.nvim_create_user_command
  cmd('AssertlensRunAffected', function()
    M.run_affected()
  end, { desc = 'assertlens: run the assertions your edits affect' })
  cmd('AssertlensRunFile', function()
    M.run_file()
  end, { desc = 'assertlens: run the affected assertions of this file' })
  cmd('AssertlensWhy', function()
    M.why()
  end, { desc = 'assertlens: why is the assertion under the cursor affected?' })
  cmd('AssertlensReindex', function()
    M.reindex()
  end, { desc = 'assertlens: re-index the workspace' })
  cmd('AssertlensCoverage', function()
    M.record_coverage()
  end, { desc = 'assertlens: record coverage (run the whole suite with the agent)' })
  cmd('AssertlensBaseline', function(a)
    M.setup(vim.tbl_extend('force', M.config, { baseline = a.args }))
    notify('assertlens: baseline ' .. a.args)
  end, {
    nargs = 1,
    complete = function()
      return { 'head', 'saved', 'lastRun' }
    end,
    desc = 'assertlens: compare pending edits with head, saved or lastRun',
  })

  -- Buffers that were already open when setup() ran.
  for _, b in ipairs(api.nvim_list_bufs()) do
    if api.nvim_buf_is_loaded(b) and vim.tbl_contains(M.config.filetypes, vim.bo[b].filetype) then
      M.attach(b)
    end
  end
end

return M
