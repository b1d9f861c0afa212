import agentdojo.task_suite.load_suites  # noqa: F401 (setup-python.sh: fails loudly if the install is broken)
