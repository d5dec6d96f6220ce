-- Init file for the captured screen (test/screen.sh): opens the sample project with the
-- plugin, makes the same unsaved edit as the tests, and shows both files.
vim.cmd('filetype on')
vim.cmd('syntax on')
vim.o.hidden = true
vim.o.number = true
vim.o.laststatus = 2
vim.o.cmdheight = 4 -- room for the run report without a hit-enter prompt
vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. 'I'
local al = require('assertlens')
local classpath = {}
for _, jar in ipairs({ '/usr/share/java/junit-platform-console-standalone.jar' }) do
  if vim.loop.fs_stat(jar) then
    table.insert(classpath, jar)
  end
end
al.setup({ cmd = { vim.env.ASSERTLENS_BIN, 'serve' }, classpath = classpath, debounce_ms = 50 })
_G.assertlens_status = function()
  return al.status()
end
vim.o.statusline = '%f %m%=%{v:lua.assertlens_status()}  %l:%c '

vim.cmd('edit src/main/java/demo/Complex.java')
local prod = vim.api.nvim_get_current_buf()
vim.cmd('belowright split src/test/java/demo/ComplexTest.java')
vim.cmd('resize 20')
vim.fn.cursor(9, 1)
vim.cmd('normal! zt')
vim.cmd('wincmd k')
vim.fn.cursor(22, 1)
vim.cmd('normal! zz')

vim.wait(10000, function()
  return #al.clients(prod) > 0 and al.clients(prod)[1].initialized
end, 50)
local line = vim.api.nvim_buf_get_lines(prod, 21, 22, true)[1]
local col = line:find('-im', 1, true) - 1
vim.api.nvim_buf_set_text(prod, 21, col, 21, col + 3, { 'im' })
vim.fn.cursor(22, col + 1)
vim.wait(10000, function()
  return #al.diagnostics(nil, true) > 0
end, 50)
for _, b in ipairs(vim.api.nvim_list_bufs()) do
  al.refresh_lenses(b)
end
vim.defer_fn(function()
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    al.refresh_lenses(b)
  end
  vim.cmd('redraw!')
  vim.g.assertlens_screen_ready = 1
  vim.fn.writefile({ 'ready' }, vim.env.ASSERTLENS_SCREEN_READY)
end, 1500)
