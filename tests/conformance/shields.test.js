// Shields and totems with real clients: a guard raises a shield in its off hand towards a player
// holding an iron axe; the axe's hit does no damage, puts the shield on a 100-tick cooldown
// (set_cooldown with the shield's group, then 0 when it ends) and both hear the block and the
// disabled shield; the axer sees the shield raised. Then a totem in the guard's main hand saves
// it from a long fall (entity event 35, health above 0, the totem used up).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, sleep } = require('./harness/bots')

let server
let guard
let axer

before(async () => {
  server = await startServer()
  server.command('gamerule spawn_mobs false')
  await server.waitForLine(/Gamerule spawn_mobs is now set to: false/)
  guard = await joinBot(server, 'Guard')
  axer = await joinBot(server, 'Axer')
  for (const bot of [guard, axer]) {
    await bot.waitForChunksToLoad()
    await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing on the ground' })
  }
})

// Waits until the bot's own view of an inventory slot holds the item (null: nothing), whichever
// packet brought it; a timeout names what the inventory held instead.
function holds (bot, slot, name) {
  const has = () => (bot.inventory.slots[slot] ? bot.inventory.slots[slot].name : null) === name
  return waitForEvent(bot, 'physicsTick', { accept: has, what: `${name} in slot ${slot}` }).catch(error => {
    const seen = bot.inventory.slots.map((item, i) => item ? `${i}:${item.name}` : null).filter(Boolean)
    throw new Error(`${error.message}; the inventory holds ${seen.join(', ') || 'nothing'}`)
  })
}

after(async () => {
  await quitBot(axer)
  await quitBot(guard)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('an axe hit on a raised shield does nothing but put the shield on cooldown', { timeout: 60000 }, async () => {
  assert.equal(guard.game.gameMode, 'survival')
  // A stone floor with room above it, the axer two blocks west of the guard.
  const at = guard.entity.position.floored()
  server.command(`fill ${at.x - 3} ${at.y - 1} ${at.z - 1} ${at.x + 1} ${at.y - 1} ${at.z + 1} stone`)
  server.command(`fill ${at.x - 3} ${at.y} ${at.z - 1} ${at.x + 1} ${at.y + 2} ${at.z + 1} air`)
  await server.waitForLine(/Successfully filled/)
  const guardMoved = waitForEvent(guard, 'forcedMove', { what: 'the guard on the floor' })
  const axerMoved = waitForEvent(axer, 'forcedMove', { what: 'the axer on the floor' })
  server.command(`tp Guard ${at.x + 0.5} ${at.y} ${at.z + 0.5}`)
  server.command(`tp Axer ${at.x - 1.5} ${at.y} ${at.z + 0.5}`)
  await guardMoved
  await axerMoved

  server.command('give Guard shield')
  await holds(guard, 36, 'shield')
  await guard.equip(guard.inventory.slots[36], 'off-hand')
  assert.equal(guard.inventory.slots[45] && guard.inventory.slots[45].name, 'shield')
  server.command('give Axer iron_axe')
  await holds(axer, 36, 'iron_axe')

  const soundId = name => guard.registry.soundsByName[name].id - 1
  const heard = { guard: [], axer: [] }
  guard._client.on('sound_effect', p => heard.guard.push(p.sound.soundId))
  axer._client.on('sound_effect', p => heard.axer.push(p.sound.soundId))
  const cooldowns = []
  guard._client.on('set_cooldown', p => cooldowns.push([p.cooldownGroup, p.cooldownTicks]))

  // The guard's living-entity flags (entity data 8) as the axer's client decodes them: 3 is
  // "using an item, with the off hand", the shield seen raised.
  const flags = []
  axer._client.on('entity_metadata', packet => {
    if (packet.entityId !== guard.entity.id) return
    for (const entry of packet.metadata) if (entry.key === 8) flags.push(entry.value)
  })
  await guard.lookAt(axer.entity.position.offset(0, 1.6, 0), true)
  guard.activateItem(true)
  await waitForEvent(axer, 'physicsTick', { accept: () => flags.includes(3), what: 'the shield seen raised' })
  await sleep(1500) // the shield's 5 ticks and the axe's full swing
  const target = axer.entities[guard.entity.id]
  assert.ok(target, 'the axer sees the guard')
  await axer.lookAt(target.position.offset(0, 1.6, 0), true)
  const disabled = waitForEvent(guard._client, 'set_cooldown', { what: 'the shield\'s cooldown' })
  axer.attack(target)
  await disabled
  assert.deepEqual(cooldowns, [['minecraft:shield', 100]])
  await sleep(500)
  assert.equal(guard.health, 20)
  for (const list of [heard.guard, heard.axer]) {
    assert.ok(list.includes(soundId('item.shield.block')), 'the block sound')
    assert.ok(list.includes(soundId('item.shield.break')), 'the disabled shield\'s sound')
  }
  // The iron axe's 9 blocked cost the shield floor(1 + 9).
  await waitForEvent(guard, 'physicsTick', {
    accept: () => guard.inventory.slots[45] && guard.inventory.slots[45].durabilityUsed === 10, what: 'the shield worn by 10'
  })
  // Five seconds later the cooldown ends.
  await waitForEvent(guard._client, 'set_cooldown', { timeoutMs: 10000, accept: p => p.cooldownTicks === 0, what: 'the cooldown\'s end' })
  assert.deepEqual(cooldowns, [['minecraft:shield', 100], ['minecraft:shield', 0]])
  assert.deepEqual(guard.problems, [])
  assert.deepEqual(axer.problems, [])
})

test('a totem in hand saves its holder from a deadly fall', { timeout: 60000 }, async () => {
  server.command('give Guard totem_of_undying')
  await holds(guard, 36, 'totem_of_undying')
  const statuses = []
  guard._client.on('entity_status', p => { if (p.entityId === guard.entity.id) statuses.push(p.entityStatus) })
  let died = false
  guard.on('death', () => { died = true })
  const saved = waitForEvent(guard._client, 'entity_status', {
    timeoutMs: 20000, accept: p => p.entityId === guard.entity.id && p.entityStatus === 35, what: 'the totem\'s event'
  })
  server.command('tp Guard ~ ~40 ~')
  await saved
  // The used totem leaves the hand by the inventory's sync, which may come after the event.
  await holds(guard, 36, null)
  await waitForEvent(guard, 'physicsTick', { accept: () => guard.entity.onGround, what: 'landed' })
  await sleep(500)
  assert.equal(died, false)
  assert.ok(guard.health >= 1, `health ${guard.health}`)
  assert.deepEqual(guard.problems, [])
})
