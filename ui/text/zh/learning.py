"""learning 页面的中文文本（与 ui/text/learning.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "差分隐私机器学习：DP-SGD、它的代价和针对它的攻击",
    "intro": (
        "用人们的记录训练出来的模型，可能泄露谁在它的训练集里。DP-SGD（Abadi 等，2016）在训练时给出保证："
        "每一步以概率 q 取每一行训练数据，把每一行的梯度裁剪到范数 C 以内，使任何一行对这一步的影响都不超过 C，"
        "再给它们的和加上标准差为 σ·C 的高斯噪声。课程中的矩会计把各步的代价累加成 ε。这里在同样的行上，"
        "分别以几个 ε 和不加隐私训练同一个模型，然后攻击它：它能分辨出自己的训练行吗？所有模型、划分和攻击都是"
        "用侧栏随机种子做的**模拟**，在服务器上对相同设置只为所有人训练一次。"
    ),
    "tab_train": "1. 训练",
    "tab_account": "2. 隐私核算",
    "tab_tradeoff": "3. 准确率与 ε",
    "tab_attack": "4. 攻击",
    # ------------------------------------------------------------------ data and knobs
    "no_target": (
        "**{name}** 没有一个恰好取两个值（比如是或否）的列可供预测，也没有足够多带有已声明类别或边界的行可供学习："
        "DP-SGD 需要一张每行一个人的表。"
    ),
    "use_adult": "使用 UCI Adult（人口普查记录，收入是否超过 5 万）",
    "data_expander": "模型从什么数据中学习",
    "target": "要预测的列",
    "target_help": "一个恰好取两个值的列：取它已声明的类别，或它实际含有的两个值。",
    "features": "输入",
    "features_help": (
        "模型读取的列，各自按已声明的值域编码：类别做独热编码，数值裁剪到公开边界并缩放到 0-1。"
        "没有已声明类别或边界的列会被拒绝：从数据中读出的值域会泄露其中的一些人。"
    ),
    "rows": "从表中抽取的行数",
    "rows_help": "按随机种子随机抽样，一半用于训练，一半留出。行越少，隐私越昂贵，也越容易过拟合。最多 {maximum} 行。",
    "model": "模型",
    "model_logistic": "逻辑回归",
    "model_mlp": "一个隐藏层（{hidden} 个单元）",
    "batch": "批大小 B",
    "batch_help": "每一步期望的行数：每一行以概率 q = B / n 加入一步。",
    "epochs": "轮数",
    "epochs_help": "遍历训练行的次数：共 ceil(轮数 / q) 步，每一步都由会计计价。",
    "clipping": "裁剪范数 C",
    "clipping_help": "每一行的梯度最多缩放到这个范数；噪声为 σ·C。",
    "learning_rate": "学习率",
    "learning_rate_help": "每一步的步长（动量为 0.5 的 SGD），加不加隐私都一样。",
    # ------------------------------------------------------------------ background training
    "busy": "服务器已经在训练 {waiting} 组其他模型，达到上限：请几分钟后再试，或回到已经训练好的设置（默认设置就是）。",
    "failed": "服务器上训练这些模型失败了。请换一组设置。",
    "wait_note": (
        "模型在服务器上训练，相同设置只为所有人训练一次：可以离开这一部分再回来，或打开别的页面，什么都不会丢。"
    ),
    "stage_line": "{stage}（已完成 {done}）",
    "stage_queued": "等待服务器：排在第 {ahead} 位",
    "stage_prepare": "准备数据",
    "stage_calibrate": "为 ε = {eps} 寻找噪声 σ",
    "stage_train": "以 ε = {eps} 用 DP-SGD 训练",
    "stage_train_plain": "不加隐私训练",
    "stage_shadows": "为 ε = {eps} 训练 LiRA 的影子模型：第 {done} 个，共 {total} 个",
    "stage_shadows_plain": "为不加隐私的模型训练 LiRA 的影子模型：第 {done} 个，共 {total} 个",
    "stage_attack": "攻击以 ε = {eps} 训练的模型",
    "stage_attack_plain": "攻击不加隐私训练的模型",
    "stage_calibrate_sweep": "为 {knob} = {value} 寻找噪声 σ",
    "stage_train_sweep": "以 {knob} = {value} 训练",
    "data_line": (
        "表中 {available} 行里目标已知的 {rows} 行：{train} 行训练，{test} 行留出（用作测试行，也是攻击的非成员）；"
        "{inputs} 个输入；q = {q}，{steps} 步；δ = {delta}。用侧栏随机种子做的模拟。"
    ),
    # ------------------------------------------------------------------ 1. train
    "epsilon_slider": "DP-SGD 模型的 ε",
    "train_chart_title": "每轮之后的测试准确率，\nDP-SGD 取 ε = {eps}",
    "epoch_axis": "轮",
    "accuracy_axis": "测试准确率",
    "epsilon_axis": "ε",
    "series_private": "DP-SGD",
    "series_plain": "不加隐私",
    "series_majority": "总是回答最常见的标签",
    "metric_sigma": "噪声 σ",
    "metric_private": "DP-SGD",
    "metric_plain": "不加隐私",
    "metric_majority": "多数类",
    "train_reading": (
        "在 ε = **{eps}**（δ = {delta}）时，会计要求噪声 σ = **{sigma}**：{steps} 步中的每一步以概率 q = {q} 取每一行"
        "训练数据，并给裁剪后梯度的和加上 σ·C 的高斯噪声。训练 {epochs} 轮后，DP-SGD 模型在 {test} 行测试数据中答对 "
        "**{private}**，不加隐私训练的同一模型答对 **{plain}**，总是回答最常见的标签（{label}）答对 {majority}。"
    ),
    "train_cost": "在这里，隐私让准确率下降了 {points} 个百分点。",
    "train_no_cost": "在这里，隐私没有降低准确率。",
    "train_below_majority": "噪声太强，这个模型赢不了多数类标签：更多的行、更大的批或更大的 ε 会有帮助。",
    # ------------------------------------------------------------------ 2. account
    "acc_examples": "训练样本数 n",
    "acc_sigma": "噪声乘数 σ",
    "acc_sigma_help": "噪声的标准差除以裁剪范数 C。",
    "acc_course": "课程中的核对",
    "acc_computing": "正在组合各步……",
    "account_chart_title": "每轮之后的 ε，\n两种会计方法",
    "series_rdp": "RDP：矩会计",
    "series_pld": "PLD：隐私损失分布",
    "account_reading": (
        "训练 **{epochs}** 轮后（{steps} 步，每一步以概率 q = {batch}/{examples} = {q} 取每个样本，"
        "噪声乘数 σ = {sigma}）："
        "在 δ = {delta} 时，矩会计（RDP）给出 **ε = {rdp}**，隐私损失分布（PLD）给出 **ε = {pld}**。"
        "对同样的训练，PLD 的答案小 {saved}。"
    ),
    "account_why": (
        "PLD 为什么更紧：矩会计对几十个 Rényi 阶中的每一个，保存隐私损失各阶矩的一个上界，把各步相加，最后把最好的一个"
        "换算成 (ε, δ)：这一换算会损失一些。PLD 组合的是隐私损失本身的整个分布（在细网格上，向安全的一侧取整），"
        "并直接从中读出每个 ε 对应的 δ：这就是这个机制的精确答案，只差网格的粒度。两者都是保证；只是 PLD 的更接近真实。"
    ),
    "account_course": (
        "课程中的核对：60,000 个样本、批大小 256、σ = 1.1、60 轮、δ = 10⁻⁵ 给出 ε = 2.60（RDP）和 2.38（PLD）；"
        "按钮可以把它恢复。"
    ),
    "account_is_course": (
        "这就是课程中的核对（Abadi 等 2016 就是这样训练 MNIST 的）：dp-accounting 给出 RDP 的 ε = 2.60 "
        "和 PLD 的 2.38。"
    ),
    # ------------------------------------------------------------------ 3. trade-off
    "tradeoff_chart_title": "测试准确率与 ε：\nDP-SGD 与不加隐私的模型",
    "tradeoff_reading": (
        "ε = {low} 时，DP-SGD 模型在 {test} 行测试数据中答对 **{low_acc}**，ε = {high} 时答对 **{high_acc}**；"
        "不加隐私答对 **{plain}**，总是回答最常见的标签答对 {majority}。"
        "更少的噪声换来准确率，直到模型达到它的上限：超过之后，更大的 ε 只是白白交出隐私。"
        "每个点是一次训练：它的噪声会让结果上下浮动一两个百分点。"
    ),
    "sweep_knob": "在 ε = {eps} 时，还有什么会影响准确率？",
    "knob_clipping": "裁剪范数 C",
    "knob_batch": "批大小 B",
    "series_private_at": "ε = {eps} 的 DP-SGD",
    "sweep_chart_title": "ε = {eps} 时的测试准确率\n随{knob}的变化",
    "knob_name_clipping": "裁剪范数 C",
    "knob_name_batch": "批大小 B",
    "sweep_none": "这组扫描中没有一个批大小能放进训练行。",
    "sweep_reading_clipping": (
        "在 ε = {eps} 时，噪声 σ 对每个 C 都一样（它只取决于 q、步数和 δ），但加入的是 σ·C：C 小，每个梯度都被狠狠"
        "裁剪，步子有偏；C 大，噪声淹没了梯度。各个 C 的测试准确率（σ 都是 {sigma}）：{rows}。"
        "这里最好的是 C = {best}（{best_acc}）；上面的网格用 C = {current}。多数类：{majority}。"
    ),
    "sweep_reading_batch": (
        "在 ε = {eps} 时，批 B 越大，q 越大，同样轮数的步数越少：噪声 σ 变大，但每一步把它平均到更多的行上。"
        "各个 B 的测试准确率（噪声 σ）：{rows}。这里最好的是 B = {best}（{best_acc}）；上面的网格用 B = {current}。"
        "多数类：{majority}。"
    ),
    # ------------------------------------------------------------------ 4. attack
    "fpr": "按这个假阳性率读取攻击结果",
    "attack_chart_title": "在 {fpr} 假阳性率下找出的训练行：\n攻击与差分隐私的上界",
    "tpr_axis": "找出的训练行（FPR {fpr} 时的 TPR）",
    "series_bound": "差分隐私的上界（任何攻击）",
    "series_lira": "LiRA（Carlini 等）",
    "series_loss": "损失阈值（Yeom 等）",
    "series_lira_plain": "LiRA，不加隐私",
    "series_loss_plain": "损失阈值，不加隐私",
    "series_chance": "随机猜测（TPR = FPR）",
    "attack_plain_leaks": (
        "**不加隐私的模型会泄露**。在误指它从未见过的行中的 {fpr} 时，LiRA 找出它 {members} 行训练数据中的 "
        "**{lira}**，损失阈值找出 {loss}：最多是随机猜测的 **{times} 倍**（LiRA 的 AUROC 为 {auroc}；在最好的阈值上，"
        "攻击找出的成员比误指的多 {advantage}）。"
    ),
    "attack_plain_quiet": (
        "不加隐私时，这个模型泄露的信息很少能被这些攻击测出：在 {fpr} 假阳性率下，LiRA 找出它 {members} 行训练数据中的 "
        "{lira}，损失阈值找出 {loss}（随机猜测的 {times} 倍；LiRA 的 AUROC 为 {auroc}）。更少的行、更多的轮数或隐藏层"
        "会让它过拟合并泄露。"
    ),
    "attack_dp": (
        "用 DP-SGD 以 ε = {eps} 训练后，在 {fpr} 假阳性率下 LiRA 找出 {lira}，损失阈值找出 {loss}"
        "（随机猜测的 {times} 倍）；"
        "差分隐私的保证最多允许 **{bound}**。"
    ),
    "attack_far_below": (
        "**差分隐私的上界远高于这些攻击达到的水平**：在 ε = {eps} 时，它允许在 {fpr} 假阳性率下最多找出 **{bound}**，"
        "这里最好的攻击找出 {best}。这个上界对最强的攻击者也成立：他知道其他每一行，并挑出最显眼的那一行；"
        "而这些攻击只凭模型的回答去猜一般的行。上界是对最坏情况的承诺，不是预测。"
    ),
    "attack_above_bound": (
        "在 ε = {eps} 时，{attack}测得的比例 {tpr} 高于上界 {bound}：测得的比例是根据大约 {count} 行被误指的数据"
        "做的估计，它的 95% 区间 {low} 至 {high} 回落到上界之下。（严格地说，这里的划分是把一行训练数据换成一行留出"
        "数据，差分隐私对此的保证是 2ε：图中画的是更严格的“增删一行”的上界。）"
    ),
    "attack_above_bound_sure": (
        "在 ε = {eps} 时，{attack}测得的比例 {tpr} 高于上界 {bound}，它的 95% 区间 {low} 至 {high} 也在上界之上"
        "（约 {count} 行被误指）。这里的划分是把一行训练数据换成一行留出数据，差分隐私对此的保证是 2ε："
        "图中“增删一行”的上界是更严格的标尺，比例高于它本身并不说明保证被打破。"
    ),
    "name_lira": "LiRA ",
    "name_loss": "损失阈值",
    "attack_few": (
        "注意：在 {fpr} 时，{per_side} 行留出数据中只有 {count} 行可以被误指，所以这么低的比例只取决于寥寥几行，"
        "换个随机种子就会大变；请在 1% 处读取攻击结果，或抽取更多的行。"
    ),
    "attack_simulation": (
        "用侧栏随机种子做的**模拟**：对 {per_side} 行训练数据（成员）和同样多的留出行（非成员）打分；"
        "LiRA 使用 {shadows} "
        "个像目标模型一样训练的影子模型，每一行在其中 {half} 个里。比例为 0 时画在对数轴的底部；表格列出每个数字"
        "（区间：95% 自助法）。"
    ),
    "table_title": "所有数字",
    "table_no_privacy": "不加隐私",
    "table_epsilon": "ε",
    "table_sigma": "σ",
    "table_loss": "损失阈值，{rates} 时的 TPR",
    "table_lira": "LiRA，{rates} 时的 TPR",
    "table_auroc": "LiRA 的 AUROC",
    "table_bound": "{rates} 时差分隐私的上界",
}
