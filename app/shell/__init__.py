"""The shell: the main window, its menus, files, turn and combat steps, settings, errors, paths."""
