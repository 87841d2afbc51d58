#!/bin/sh
# gathers the profile over ssh; @x, @ and @{x} are not substitutions
exec pgo-run profile --transport ssh --task "-m test --pgo --timeout=3600" "$@"
