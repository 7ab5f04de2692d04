#!/usr/bin/env python3
"""Copies kernel modules and everything they depend on out of an unpacked Debian kernel package, in load order.

usage: modules.py MODULES_DIR CONFIG OUT_DIR NAME...
  MODULES_DIR  lib/modules/<version> of the unpacked package (the .deb ships no modules.dep: depmod makes it at
               install time), CONFIG its boot/config-<version>.
Each module's dependencies are read from its own `.modinfo` section (`depends=`, what modinfo prints); a name that
is built into the kernel (modules.builtin) needs no file. Writes OUT_DIR/<name>.ko for every module to load and
OUT_DIR/order, one file name a line, dependencies first, and prints what it found."""
import os
import re
import sys

modules_dir, config_path, out_dir, wanted = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]


def key(name):
    return name.replace('-', '_')


files = {}
for directory, _, names in os.walk(os.path.join(modules_dir, 'kernel')):
    for name in names:
        if name.endswith('.ko'):
            files[key(name[:-3])] = os.path.join(directory, name)
builtin = set()
builtin_path = os.path.join(modules_dir, 'modules.builtin')
if os.path.exists(builtin_path):
    builtin = {key(os.path.basename(line.strip())[:-3]) for line in open(builtin_path) if line.strip().endswith('.ko')}


def depends(name):
    data = open(files[name], 'rb').read()
    found = re.search(rb'(?:^|\x00)depends=([^\x00]*)\x00', data)
    return [key(d) for d in found.group(1).decode().split(',') if d] if found else []


order = []


def visit(name, chain):
    if name in order or name in builtin:
        return
    if name in chain:
        sys.exit(f'modules.py: dependency cycle {" -> ".join(chain + [name])}')
    if name not in files:
        sys.exit(f'modules.py: no module {name} in {modules_dir} and not built in')
    for dependency in depends(name):
        visit(dependency, chain + [name])
    order.append(name)


for name in map(key, wanted):
    if name in builtin:
        print(f'  {name}: built in')
    visit(name, [])

os.makedirs(out_dir, exist_ok=True)
with open(os.path.join(out_dir, 'order'), 'w') as listing:
    for name in order:
        base = os.path.basename(files[name])
        with open(files[name], 'rb') as source, open(os.path.join(out_dir, base), 'wb') as target:
            target.write(source.read())
        listing.write(base + '\n')
        print(f'  {base}: depends on {", ".join(depends(name)) or "nothing"}')
symbols = ('CONFIG_HID', 'CONFIG_UHID', 'CONFIG_HID_PLAYSTATION', 'CONFIG_PLAYSTATION_FF', 'CONFIG_INPUT_FF_MEMLESS',
           'CONFIG_LEDS_CLASS', 'CONFIG_LEDS_CLASS_MULTICOLOR', 'CONFIG_POWER_SUPPLY', 'CONFIG_CRC32', 'CONFIG_INPUT_EVDEV',
           'CONFIG_INPUT_UINPUT')
config = dict(re.findall(r'^(CONFIG_\w+)=(\S+)', open(config_path).read(), re.M))
print('  kernel config: ' + ' '.join(f'{s}={config.get(s, "n")}' for s in symbols))
