// The small rule language of the tag tables: a tag is a list of rules, each naming entries
// directly, referring to another tag ('#name'), or selecting entries by a stated predicate.
'use strict';

function words(text) {
  return text.trim().split(/\s+/).filter((w) => w !== '');
}

// Rules are functions (context) -> entry names, in the order they add members.
// - list('a', 'b', '#other', rule): named entries, the members of other tags of the same registry,
//   and the members of nested rules, in that order.
function list(...items) {
  return (ctx) => items.flatMap((item) => {
    if (typeof item === 'function') return item(ctx);
    return item.startsWith('#') ? ctx.resolve(item.slice(1)) : [ctx.require(item)];
  });
}
// - where(predicate): every entry, in id order, whose record passes (records carry minecraft-data facts).
function where(predicate) {
  return (ctx) => ctx.entries.filter((entry) => predicate(entry.record ?? entry, entry.name)).map((entry) => entry.name);
}
const suffix = (...endings) => where((_, name) => endings.some((e) => name.endsWith(e)));
const prefix = (...starts) => where((_, name) => starts.some((s) => name.startsWith(s)));
// - except(rule, ...names): the rule's members without the named entries or tags.
function except(rule, ...names) {
  return (ctx) => {
    const removed = new Set(list(...names)(ctx));
    return rule(ctx).filter((name) => !removed.has(name));
  };
}
const none = () => [];

// Evaluates every tag of one registry; `tags` maps tag path (no namespace) to a rule. Rules may
// use `others.tag(registry, tag)` (members of an already evaluated tag of another registry) and
// `others.names(registry)` (another registry's entry names by id).
function evaluateTags(registryName, entries, tags, others) {
  const known = new Set(entries.map((entry) => entry.name));
  const done = new Map();
  const active = new Set();
  const ctx = {
    entries,
    external: others.tag,
    entryNames: others.names,
    has: (name) => known.has(name),
    require(name) {
      if (!known.has(name)) throw new Error(`${registryName}: tag rule names unknown entry ${name}`);
      return name;
    },
    resolve(tagName) {
      if (done.has(tagName)) return done.get(tagName);
      if (!(tagName in tags)) throw new Error(`${registryName}: unknown tag #${tagName}`);
      if (active.has(tagName)) throw new Error(`${registryName}: tag #${tagName} refers to itself`);
      active.add(tagName);
      const members = [...new Set(tags[tagName](ctx))];
      active.delete(tagName);
      done.set(tagName, members);
      return members;
    },
  };
  return Object.keys(tags).sort().map((tagName) => ({ name: tagName, members: ctx.resolve(tagName) }));
}

module.exports = { words, list, where, suffix, prefix, except, none, evaluateTags };
