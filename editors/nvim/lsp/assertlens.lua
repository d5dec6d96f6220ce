-- assertlens server config for Neovim 0.11+ (`vim.lsp.config` / `vim.lsp.enable`) and for
-- nvim-lspconfig's `lsp/` layout. Put this folder on 'runtimepath' (any plugin manager does)
-- and call `vim.lsp.enable('assertlens')`, or override fields first:
--
--   vim.lsp.config('assertlens', { init_options = { baseline = 'saved' } })
--   vim.lsp.enable('assertlens')
--
-- The full plugin (user commands, lens refresh, save hints) is require('assertlens').setup().
return {
  cmd = { 'assertlens', 'serve' },
  filetypes = { 'java' },
  -- git root first: the default baseline is git HEAD.
  root_markers = { '.git', 'settings.gradle', 'settings.gradle.kts', 'mvnw', 'gradlew', 'pom.xml', 'build.gradle', 'build.gradle.kts' },
  init_options = {
    baseline = 'head', -- 'head' | 'saved' | 'lastRun'
    classpath = {},
    extraAssertions = {},
  },
  settings = {
    assertlens = {
      baseline = 'head',
      classpath = {},
      extraAssertions = {},
    },
  },
}
